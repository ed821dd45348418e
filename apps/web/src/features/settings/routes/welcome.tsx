import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { settingsTabs } from '../settings-tabs';

interface WelcomeRouteProps {
  /** Step 2's own default settings (the Auto-Post opt-in), from another feature: src/app composes them. */
  defaultSettings?: ReactNode;
}

/** /app/settings/welcome: first sign-in of a new user (spec §2, §4 onboarding). */
export function WelcomeRoute({ defaultSettings }: WelcomeRouteProps) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Welcome to FitPost" />
      <div className="panel welcome">
        <h2 className="section-title">Let&apos;s Get Started!</h2>
        <p>Two quick steps and FitPost can start posting for you.</p>
        <ol className="welcome-steps">
          <li>
            <h3 className="welcome-step-title">Step 1: Connect your social networks</h3>
            <p>
              Link the accounts FitPost should post to.{' '}
              <Link to={`/app/settings?tab=${settingsTabs.social}`}>Go to Social Platforms</Link>
            </p>
          </li>
          <li>
            <h3 className="welcome-step-title">Step 2: Set your default settings</h3>
            <p>
              Choose your time zone so posts go out when you expect.{' '}
              <Link to={`/app/settings?tab=${settingsTabs.system}`}>Go to System Settings</Link>
            </p>
            {defaultSettings}
          </li>
        </ol>
        <Button type="primary" size="large" onClick={() => void navigate('/app/dashboard')}>
          Start Using
        </Button>
      </div>
    </>
  );
}
