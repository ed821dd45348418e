import { formatCount } from '@fitpost/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useStoredUser } from '@/lib/session';
import { useAutoPostSettings } from '@/lib/api/auto-posts/get-auto-post-settings';
import { usePostTotal } from '@/lib/api/posts/get-post-total';
import { memberTimeZone, startOfZonedMonth } from '@/lib/zoned-time';

/** One figure: its value, "…" while loading, "Unavailable" when the call failed. */
function Figure({
  label,
  query,
  render,
}: {
  label: string;
  query: { isPending: boolean; isError: boolean };
  render: () => ReactNode;
}) {
  return (
    <div className="autopost-figure">
      <dt>{label}</dt>
      <dd>{query.isPending ? '…' : query.isError ? 'Unavailable' : render()}</dd>
    </div>
  );
}

/** At a Glance: scheduled posts, posted this month, connected accounts, and Auto-Post on or off. */
export function AtAGlance() {
  const zone = memberTimeZone(useStoredUser());
  const [monthStart] = useState(() => startOfZonedMonth(zone));
  const scheduled = usePostTotal({ status: ['scheduled', 'publishing'] });
  const posted = usePostTotal({ status: ['posted', 'partly_posted'], from: monthStart });
  const settings = useAutoPostSettings();
  const accounts = settings.data?.accounts ?? [];
  const connected = accounts.filter((a) => a.status === 'connected').length;
  const optedIn = accounts.filter((a) => a.enabled).length;

  return (
    <section className="panel" aria-labelledby="at-a-glance-title">
      <h2 id="at-a-glance-title" className="card-title">
        At a Glance
      </h2>
      <dl className="autopost-figures">
        <Figure label="Scheduled" query={scheduled} render={() => formatCount(scheduled.data ?? 0)} />
        <Figure label="Posted this month" query={posted} render={() => formatCount(posted.data ?? 0)} />
        <Figure label="Connected accounts" query={settings} render={() => formatCount(connected)} />
        <Figure
          label="Auto-Post"
          query={settings}
          render={() =>
            optedIn === 0
              ? 'Off'
              : `On for ${formatCount(optedIn)} of ${formatCount(accounts.length)} account${accounts.length === 1 ? '' : 's'}`
          }
        />
      </dl>
    </section>
  );
}
