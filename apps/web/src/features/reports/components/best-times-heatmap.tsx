import { weekdayNames, type ReportCell } from '@fitpost/contract';
import { formatClock, zoneLabel } from '@/lib/zoned-time';

interface Cell {
  posts: number;
  engagement: number;
  perPost: number | null;
}

const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
/** "9 AM" for `09:00`: the hour as members read it, short enough for a phone's row heading. */
const hourLabel = (time: string) => formatClock(time).replace(':00', '');
const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const postsText = (n: number) => `${number(n)} ${n === 1 ? 'post' : 'posts'}`;

/** The cell's shade: lighter for less engagement per post, never so dark the figures lose contrast. */
function shade(perPost: number | null, best: number): string | undefined {
  if (perPost === null || best <= 0) return undefined;
  return `hsl(212 90% ${Math.round(96 - 28 * (perPost / best))}%)`;
}

/**
 * Best Times as a heatmap: a table of the week's hours (rows) by weekday (columns) in the report's
 * zone, each cell the engagement per post and the posts behind it, shaded by the first. A table, so
 * screen readers name each cell's day and hour. Its layout is fixed to the width it is given (eight
 * narrow columns fit a 390 px phone), so it never widens the page.
 */
export function BestTimesHeatmap(props: { rows: Record<string, ReportCell>[]; timeZone: string }) {
  const cells = new Map<string, Cell>();
  for (const row of props.rows) {
    cells.set(`${String(row.day)} ${String(row.hour)}`, {
      posts: Number(row.posts ?? 0),
      engagement: Number(row.engagement ?? 0),
      perPost: typeof row.perPost === 'number' ? row.perPost : null,
    });
  }
  const ranked = [...cells.entries()].filter(([, c]) => c.perPost !== null);
  const best = ranked.reduce<[string, Cell] | null>(
    (top, entry) => (top && (top[1].perPost ?? 0) >= (entry[1].perPost ?? 0) ? top : entry),
    null,
  );
  const bestPerPost = best?.[1].perPost ?? 0;
  const [bestDay, bestHour] = best?.[0].split(' ') ?? [];

  return (
    <div className="best-times">
      {best && bestDay && bestHour ? (
        <p data-testid="best-times-best">
          Best hour: <strong>{`${bestDay} ${hourLabel(bestHour)}`}</strong>, {number(bestPerPost)} engagement
          per post from {postsText(best[1].posts)}.
        </p>
      ) : null}
      <p className="muted">
        Engagement is likes, comments, shares and link clicks. Darker cells had more engagement per post; the
        small figure is the posts behind it.
      </p>
      <div className="best-times-scroll">
        <table className="best-times-table">
          <caption>Engagement per post by day and hour, {zoneLabel(props.timeZone)}</caption>
          <thead>
            <tr>
              <th scope="col">Hour</th>
              {weekdayNames.map((name) => (
                <th scope="col" key={name}>
                  <span aria-hidden="true">{name.slice(0, 3)}</span>
                  <span className="visually-hidden">{name}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour}>
                <th scope="row">{hourLabel(hour)}</th>
                {weekdayNames.map((name) => {
                  const cell = cells.get(`${name} ${hour}`);
                  const posts = cell?.posts ?? 0;
                  return (
                    <td key={name} style={{ background: shade(cell?.perPost ?? null, bestPerPost) }}>
                      {cell?.perPost === null || cell?.perPost === undefined ? (
                        <span className="best-times-none">
                          <span aria-hidden="true">–</span>
                          <span className="visually-hidden">No posts</span>
                        </span>
                      ) : (
                        <>
                          <span className="best-times-value">{number(cell.perPost)}</span>
                          <span className="best-times-posts">{postsText(posts)}</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
