import { Link } from 'react-router';
import { PublicPage } from '@/components/public-page';

/** /linkedin: the professional-network login popup returns here. Placeholder until that issue lands. */
export function LinkedInCallbackRoute() {
  return (
    <PublicPage title="LinkedIn Connection">
      <p>Social connections arrive in a later release of FitPost.</p>
      <Link to="/">Back to FitPost</Link>
    </PublicPage>
  );
}
