import { Link } from 'react-router';
import { PublicPage } from '@/components/public-page';

/** /validatetwitterauth: the microblogging connection returns here. Placeholder until that issue lands. */
export function ValidateTwitterAuthRoute() {
  return (
    <PublicPage title="X (Twitter) Connection">
      <p>Social connections arrive in a later release of FitPost.</p>
      <Link to="/">Back to FitPost</Link>
    </PublicPage>
  );
}
