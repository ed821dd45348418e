import { useRouteError } from 'react-router';
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

/** The same inside the signed-in shell, which already provides the `main` landmark. */
export function NestedRouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}
