import { legacyAlertHideMs } from '@fitpost/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PublicPage } from '@/components/public-page';
import { usePublicConfig } from '../api/get-public-config';

/**
 * /signup: the legacy sign-up form. No validation, no calls; accounts come from the organisation,
 * so submitting only explains that, in an alert that hides itself after `legacyAlertHideMs`.
 */
export function SignUpRoute() {
  const { data: config } = usePublicConfig();
  const organisation = config?.organisationName ?? 'your organization';
  // Bumped on every submit so a second submit restarts the timer.
  const [alertShownAt, setAlertShownAt] = useState<number | null>(null);

  useEffect(() => {
    if (alertShownAt === null) return undefined;
    const timer = window.setTimeout(() => setAlertShownAt(null), legacyAlertHideMs);
    return () => window.clearTimeout(timer);
  }, [alertShownAt]);

  return (
    <PublicPage title="Sign up">
      {alertShownAt !== null ? (
        <Alert
          className="public-page-alert"
          type="error"
          showIcon
          title={`Sign-up happens through ${organisation}.`}
          description="FitPost comes with your membership: sign in with your membership account instead."
        />
      ) : null}
      <Form layout="vertical" requiredMark={false} noValidate onFinish={() => setAlertShownAt(Date.now())}>
        <Form.Item label="Name" name="name">
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Sign Up
        </Button>
      </Form>
      <p className="public-page-footer">
        Already a member? <Link to="/">Sign in</Link>
      </p>
    </PublicPage>
  );
}
