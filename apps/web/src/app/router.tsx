import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { NotFound } from '@/components/not-found';
import { PageLoader } from '@/components/page-loader';
import { RouteErrorBoundary } from '@/components/route-error-boundary';
import { appRoutes } from './app-routes';
import { RequireUser } from './guards/require-user';
import { rootRedirect } from './guards/root-redirect';
import { AppLayout } from './layouts/app-layout';
import { lazyPage } from './lazy-page';
import { useDocumentTitle } from './use-document-title';

function Root() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** The whole route table (spec §2). Every screen is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: () => <PageLoader />,
    children: [
      { index: true, loader: rootRedirect, Component: () => <PageLoader /> },
      {
        path: 'thirdpartysignin',
        handle: { title: 'Sign in' },
        lazy: lazyPage(
          () => import('@/features/auth/routes/third-party-sign-in'),
          (m) => m.ThirdPartySignInRoute,
        ),
      },
      {
        path: 'oauth',
        handle: { title: 'Signing in' },
        lazy: lazyPage(
          () => import('@/features/auth/routes/oauth'),
          (m) => m.OAuthRoute,
        ),
      },
      {
        path: 'signin',
        handle: { title: 'Sign in' },
        lazy: lazyPage(
          () => import('@/features/auth/routes/sign-in'),
          (m) => m.SignInRoute,
        ),
      },
      {
        path: 'signup',
        handle: { title: 'Sign up' },
        lazy: lazyPage(
          () => import('@/features/auth/routes/sign-up'),
          (m) => m.SignUpRoute,
        ),
      },
      {
        path: 'linkedin',
        handle: { title: 'LinkedIn Connection' },
        lazy: lazyPage(
          () => import('@/features/social/routes/linkedin-callback'),
          (m) => m.LinkedInCallbackRoute,
        ),
      },
      {
        // Same popup callback as /linkedin: Facebook Login (Facebook Pages, Instagram) returns here.
        path: 'facebook',
        handle: { title: 'Facebook Connection' },
        lazy: lazyPage(
          () => import('@/features/social/routes/facebook-callback'),
          (m) => m.FacebookCallbackRoute,
        ),
      },
      {
        // Outside the signed-in shell (full-page callback from X), but like /app/* it needs a stored user.
        path: 'validatetwitterauth',
        Component: RequireUser,
        children: [
          {
            index: true,
            handle: { title: 'X (Twitter) Connection' },
            lazy: lazyPage(
              () => import('@/features/social/routes/validate-twitter-auth'),
              (m) => m.ValidateTwitterAuthRoute,
            ),
          },
        ],
      },
      {
        // Outside the guard: the screen stays after the stored user is gone.
        path: 'app/logout',
        handle: { title: 'Sign out' },
        lazy: lazyPage(
          () => import('@/features/auth/routes/logout'),
          (m) => m.LogoutRoute,
        ),
      },
      {
        // An email's unsubscribe link: no sign-in, the token names the member and the kind.
        path: 'unsubscribe',
        handle: { title: 'Unsubscribe' },
        lazy: lazyPage(
          () => import('@/features/settings/routes/unsubscribe'),
          (m) => m.UnsubscribeRoute,
        ),
      },
      {
        path: 'app',
        Component: RequireUser,
        // The shell comes with the entry, not as a route's `lazy`: a route still loading makes the
        // router draw its HydrateFallback (a spinner) first, and its chunk would start the screen's
        // chunk one round trip later. This way the first paint is the shell with the screen's title
        // (issue 27; e2e/27-first-screen.spec.ts).
        children: [{ Component: AppLayout, children: appRoutes }],
      },
      { path: '*', handle: { title: 'Page not found' }, Component: () => <NotFound standalone /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
