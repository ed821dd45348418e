import { CheckCircleFilled } from '@ant-design/icons';
import { messages, timeZoneProperty } from '@fitpost/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useConnections } from '@/lib/api/connections/get-connections';
import { anyPostQuery, usePosts } from '@/lib/api/posts/get-posts';
import { useStoredUser } from '@/lib/session';
import { settingsTabs } from '../settings-tabs';

/** A step's title, ticked (and saying so to screen readers) once the member has done it. */
function StepTitle({ done, children }: { done: boolean; children: ReactNode }) {
  return (
    <h3 className={`welcome-step-title${done ? ' welcome-step-done' : ''}`}>
      {done ? <CheckCircleFilled aria-hidden="true" /> : null} {children}
      {done ? <span className="visually-hidden"> (done)</span> : null}
    </h3>
  );
}

interface WelcomeRouteProps {
  /** Step 2's own default settings (the Auto-Post opt-in), from another feature: src/app composes them. */
  defaultSettings?: ReactNode;
}

/** /app/settings/welcome: first sign-in of a new user (spec §2, §4 onboarding). */
export function WelcomeRoute({ defaultSettings }: WelcomeRouteProps) {
  const navigate = useNavigate();
  const user = useStoredUser();
  const connections = useConnections();
  // Any post queued, scheduled or out: step 3 is done.
  const posts = usePosts(anyPostQuery);
  const connected = connections.data?.some((c) => c.status === 'connected') ?? false;
  const zoneChosen = user?.properties.some((p) => p.name === timeZoneProperty) ?? false;
  const queued = (posts.data?.total ?? 0) > 0;
  return (
    <>
      <PageHeader title="Welcome to FitPost" />
      <div className="panel welcome">
        <h2 className="section-title">Let&apos;s Get Started!</h2>
        <p>Two quick steps and FitPost can start posting for you.</p>
        <ol className="welcome-steps">
          <li>
            <StepTitle done={connected}>Step 1: Connect your social networks</StepTitle>
            <p>
              Link the accounts FitPost should post to.{' '}
              <Link to={`/app/settings?tab=${settingsTabs.social}`}>Go to Social Platforms</Link>
            </p>
          </li>
          <li>
            <StepTitle done={zoneChosen}>Step 2: Set your default settings</StepTitle>
            <p>
              Choose your time zone so posts go out when you expect.{' '}
              <Link to={`/app/settings?tab=${settingsTabs.system}`}>Go to System Settings</Link>
            </p>
            {defaultSettings}
          </li>
          <li>
            <StepTitle done={queued}>Then: pick a post from the library and add it to your queue</StepTitle>
            <p>
              On a library card, Add to Queue sends it at your next free time.{' '}
              <Link to="/app/content">Go to {messages['page.library']}</Link>
            </p>
          </li>
        </ol>
        <Button type="primary" size="large" onClick={() => void navigate('/app/dashboard')}>
          Start Using
        </Button>
      </div>
    </>
  );
}
