import { Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PublicPage } from '@/components/public-page';

/** /signin: the legacy email and password form. No validation, no calls: signing in goes to / (spec §2). */
export function SignInRoute() {
  const navigate = useNavigate();
  return (
    <PublicPage title="Sign in">
      <Form layout="vertical" requiredMark={false} noValidate onFinish={() => void navigate('/')}>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Sign In
        </Button>
      </Form>
      <p className="public-page-footer">
        New to FitPost? <Link to="/signup">Sign up</Link>
      </p>
    </PublicPage>
  );
}
