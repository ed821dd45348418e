import { Link } from 'react-router';

/** An address that matches no route. */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  const content = (
    <div className="panel">
      <h1 className="page-title">Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/">Go to the home page</Link>
    </div>
  );
  return standalone ? <main className="error-page">{content}</main> : content;
}
