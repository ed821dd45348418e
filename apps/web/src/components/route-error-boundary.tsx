import { useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { isOnline, useOnline } from '@/lib/online';
import { useRouteTitle } from '@/lib/route-title';
import { PageHeader } from './page-header';
import { ErrorFallback } from './error-fallback';

/** `ErrorBoundary` of the route table: errors thrown while loading or rendering a route. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <main className="error-page">
      <ErrorFallback error={error} />
    </main>
  );
}

/**
 * The same inside the signed-in shell, which already provides the `main` landmark. Offline, a screen
 * whose code is not on this device yet says so (the shell's banner says the rest) and tries again
 * once the network is back.
 */
export function NestedRouteErrorBoundary() {
  const error = useRouteError();
  const online = useOnline();
  const title = useRouteTitle();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [offlineAtError] = useState(() => !isOnline());
  if (offlineAtError) {
    return (
      <>
        {title ? <PageHeader title={title} /> : null}
        <div className="error-fallback" role="alert">
          <p>This screen has not been opened on this device yet, so it needs a connection.</p>
          <p className="error-fallback-actions">
            <button
              type="button"
              disabled={!online}
              onClick={() => void navigate(pathname + search, { replace: true })}
            >
              {online ? 'Try again' : 'Waiting for a connection…'}
            </button>
          </p>
        </div>
      </>
    );
  }
  return <ErrorFallback error={error} />;
}
