import { messages } from '@fitpost/contract';
import { isRouteErrorResponse } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : JSON.stringify(error.data);
    return [`${error.status} ${error.statusText}`, data].filter(Boolean).join('\n');
  }
  if (error instanceof Error) return [error.message, error.stack].filter(Boolean).join('\n\n');
  return String(error);
}

/**
 * The generic error screen (spec §2, §8). Plain markup only: it must render even when the chunk
 * holding antd components failed to load.
 */
export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <div className="error-fallback" role="alert">
      <h1>{messages['boundary.title']}</h1>
      <p>Try again, or reload the page. If it keeps happening, let us know what you were doing.</p>
      <details>
        <summary>Details</summary>
        <pre>{describe(error)}</pre>
      </details>
      <p className="error-fallback-actions">
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}
