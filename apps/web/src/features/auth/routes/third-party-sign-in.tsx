import { Alert, Button } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PublicPage } from '@/components/public-page';
import { errorText } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { useStoredUser } from '@/lib/session';
import { useAuthorizeUrl } from '../api/get-authorize-url';

/** /thirdpartysignin: forwards to the organisation's sign-in page, unless already signed in. */
export function ThirdPartySignInRoute() {
  const user = useStoredUser();
  const navigate = useNavigate();

  if (user) {
    return (
      <PublicPage title="Sign in to FitPost">
        <p>You&apos;re already signed in.</p>
        <div className="public-page-actions">
          <Button type="primary" onClick={() => void navigate('/')}>
            Go Home
          </Button>
        </div>
      </PublicPage>
    );
  }
  return <RedirectToProvider />;
}

function RedirectToProvider() {
  const { data: url, error, refetch, isFetching } = useAuthorizeUrl(browser.host(), true);

  useEffect(() => {
    if (url) browser.assign(url);
  }, [url]);

  return (
    <PublicPage title="Sign in to FitPost">
      {error && !isFetching ? (
        <>
          <Alert
            type="error"
            showIcon
            title="We couldn't open the sign-in page."
            description={<span className="preserve-lines">{errorText(error)}</span>}
          />
          <div className="public-page-actions">
            <Button type="primary" onClick={() => void refetch()}>
              Retry
            </Button>
          </div>
        </>
      ) : (
        <PageLoader label="Redirecting to sign-in…" />
      )}
    </PublicPage>
  );
}
