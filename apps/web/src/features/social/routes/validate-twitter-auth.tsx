import { messages } from '@fitpost/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PublicPage } from '@/components/public-page';
import { invalidateConnections } from '@/lib/api/connections/get-connections';
import { errorText } from '@/lib/api-client';
import { authenticateTwitterOnce } from '@/lib/api/connections/post-twitter-authenticate';
import { connectedState, settingsPath } from '../navigation-state';

const title = 'X (Twitter) Connection';

/**
 * /validatetwitterauth: X sends the browser back here (spec §4 "Microblogging callback"). With both
 * oauth_token and oauth_verifier it authenticates, then goes to /app/settings; with either missing
 * (X sends only `denied` when the member cancels) it shows 'Invalid request'.
 */
export function ValidateTwitterAuthRoute() {
  const [params] = useSearchParams();
  const token = params.get('oauth_token');
  const verifier = params.get('oauth_verifier');

  if (!token || !verifier) {
    return (
      <PublicPage title={title}>
        <Alert
          type="error"
          showIcon
          title={messages['twitter.invalidRequest']}
          description={
            params.has('denied')
              ? 'You canceled the connection at X, so no account was connected.'
              : 'X did not send back what FitPost needs to connect your account.'
          }
        />
        <p className="public-page-footer">
          <Link to={settingsPath}>Back to Settings</Link>
        </p>
      </PublicPage>
    );
  }
  return <TwitterAuthenticate token={token} verifier={verifier} />;
}

function TwitterAuthenticate({ token, verifier }: { token: string; verifier: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    authenticateTwitterOnce({ oauth_token: token, oauth_verifier: verifier }).then(
      () => {
        if (!active) return;
        void invalidateConnections(queryClient);
        void navigate(settingsPath, { replace: true, state: connectedState('x') });
      },
      (error: unknown) => {
        if (active) setFailure(errorText(error));
      },
    );
    return () => {
      active = false;
    };
  }, [token, verifier, navigate, queryClient]);

  if (failure !== null) {
    return (
      <PublicPage title={title}>
        <Alert
          type="error"
          showIcon
          title={messages['twitter.error']}
          description={<span className="preserve-lines">{failure}</span>}
        />
        <p className="public-page-footer">
          <Link to={settingsPath}>Back to Settings</Link>
        </p>
      </PublicPage>
    );
  }
  return (
    <PublicPage title={title}>
      <PageLoader label="Connecting your X account…" />
    </PublicPage>
  );
}
