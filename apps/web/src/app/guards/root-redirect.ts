import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getStoredUser } from '@/lib/session';

/**
 * `/` is not a screen (spec §2): signed in → the dashboard; a provider callback that landed on / →
 * /oauth with its query; otherwise → sign-in.
 */
export function rootRedirect({ request }: LoaderFunctionArgs): Response {
  if (getStoredUser()) return redirect('/app/dashboard');
  const { search, searchParams } = new URL(request.url);
  if (searchParams.has('code')) return redirect(`/oauth${search}`);
  return redirect('/thirdpartysignin');
}
