import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PublicPage } from '@/components/public-page';
import { ApiError, errorText } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { browserTimeZone } from '@/lib/zoned-time';
import { completeSignIn } from '../api/complete-sign-in';
import { NoAccess } from '../components/no-access';

/** /oauth: the provider sends the browser back here with `code` and `state`. */
export function OAuthRoute() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const providerError = params.get('error');

  // The provider refused (e.g. the member cancelled): say so rather than bouncing back to it.
  if (!code && providerError) {
    return <NoAccess reason={params.get('error_description') ?? providerError} />;
  }
  if (!code) return <Navigate to="/" replace />;
  return <OAuthCallback code={code} state={params.get('state') ?? ''} iss={params.get('iss') ?? undefined} />;
}

function OAuthCallback({ code, state, iss }: { code: string; state: string; iss: string | undefined }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ reason: string; portalId: number | null } | null>(null);

  useEffect(() => {
    let active = true;
    completeSignIn({
      code,
      state,
      ...(iss ? { iss } : {}),
      host: browser.host(),
      timeZone: browserTimeZone(),
    }).then(
      (user) => {
        if (active) void navigate(user.isNewUser ? '/app/settings/welcome' : '/', { replace: true });
      },
      (error: unknown) => {
        if (active) {
          setFailure({
            reason: errorText(error),
            portalId: error instanceof ApiError ? error.portalId : null,
          });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [code, state, iss, navigate]);

  if (failure !== null) return <NoAccess reason={failure.reason} portalId={failure.portalId} />;
  return (
    <PublicPage title="Signing you in">
      <PageLoader label="Signing you in…" />
    </PublicPage>
  );
}
