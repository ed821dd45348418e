import { messages } from '@fitpost/contract';
import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '@/components/not-found';
import { NestedRouteErrorBoundary } from '@/components/route-error-boundary';
import type { RouteHandle } from '@/lib/route-title';
import { reportAreas } from './areas';
import { RequireAdmin } from './guards/require-admin';
import { lazyPage } from './lazy-page';

function page(path: string, title: string, lazy: RouteObject['lazy']): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, lazy };
}

const scheduleAutoPost = lazyPage(
  () => import('@/features/autopost/routes/schedule-auto-post'),
  (m) => m.ScheduleAutoPostRoute,
);

const manageRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Administration Dashboard' } satisfies RouteHandle,
    lazy: lazyPage(
      () => import('@/features/autopost/routes/admin-dashboard'),
      (m) => m.AdminDashboardRoute,
    ),
  },
  page('autopost', 'Schedule Auto-Post', scheduleAutoPost),
  page('autopost/:id/edit', 'Edit Auto-Post', scheduleAutoPost),
  page(
    'autopost/:id',
    'Auto-Post Progress',
    lazyPage(
      () => import('@/features/autopost/routes/auto-post-progress'),
      (m) => m.AutoPostProgressRoute,
    ),
  ),
  page(
    'content',
    'Content Repository',
    lazyPage(
      () => import('@/features/library/routes/content-repository'),
      (m) => m.ContentRepositoryRoute,
    ),
  ),
  page(
    'saved',
    messages['page.adminFavorites'],
    lazyPage(
      () => import('@/features/library/routes/admin-favorites'),
      (m) => m.AdminFavoritesRoute,
    ),
  ),
  page(
    'feeds',
    'Feeds',
    lazyPage(
      () => import('@/features/feeds/routes/admin-feeds'),
      (m) => m.AdminFeedsRoute,
    ),
  ),
  page(
    'tags',
    'Tags',
    lazyPage(
      () => import('@/features/library/routes/tags'),
      (m) => m.TagsRoute,
    ),
  ),
  page(
    'announcements',
    'Announcements',
    lazyPage(
      () => import('@/features/announcements/announcements-route'),
      (m) => m.AnnouncementsRoute,
    ),
  ),
  page(
    'users',
    'Users',
    lazyPage(
      () => import('@/features/users/routes/users'),
      (m) => m.UsersRoute,
    ),
  ),
  page(
    'messages',
    'Messages',
    lazyPage(
      () => import('@/features/messages/routes/admin-messages'),
      (m) => m.AdminMessagesRoute,
    ),
  ),
  page(
    'settings',
    'Administration Settings',
    lazyPage(
      () => import('@/features/organisation/routes/organisation-settings'),
      (m) => m.OrganisationSettingsRoute,
    ),
  ),
  page(
    'reports',
    'Reports',
    lazyPage(
      () => import('@/features/reports/routes/reports-index'),
      (m) => m.ReportsIndexRoute,
    ),
  ),
  // One screen for every report; its title comes from the route (recharts loads with it, not before).
  ...reportAreas.map((report) =>
    page(
      `reports/${report.path}`,
      report.title,
      lazyPage(
        () => import('@/features/reports/routes/report-page'),
        (m) => m.ReportPageRoute,
      ),
    ),
  ),
  { path: '*', handle: { title: 'Page not found' } satisfies RouteHandle, Component: NotFound },
];

/** Everything under /app, rendered inside the signed-in shell. */
export const appRoutes: RouteObject[] = [
  {
    // Errors in one screen keep the shell around them.
    ErrorBoundary: NestedRouteErrorBoundary,
    children: [
      { index: true, element: <Navigate to="/app/dashboard" replace /> },
      page(
        'dashboard',
        'Recommended Posts',
        lazyPage(
          () => import('./dashboard-page'),
          (m) => m.DashboardPage,
        ),
      ),
      page(
        'brands',
        messages['page.brands'],
        lazyPage(
          () => import('@/features/library/routes/brands'),
          (m) => m.BrandsRoute,
        ),
      ),
      page(
        'calendar',
        'Calendar',
        lazyPage(
          () => import('@/features/calendar/routes/calendar'),
          (m) => m.CalendarRoute,
        ),
      ),
      page(
        'posts',
        'Schedule a Post',
        lazyPage(
          () => import('@/features/posts/routes/posts'),
          (m) => m.PostsRoute,
        ),
      ),
      page(
        'posts/post',
        messages['action.compose'],
        lazyPage(
          () => import('@/features/composer/routes/composer'),
          (m) => m.ComposerRoute,
        ),
      ),
      page(
        'content',
        messages['page.library'],
        lazyPage(
          () => import('@/features/library/routes/browse-library'),
          (m) => m.BrowseLibraryRoute,
        ),
      ),
      page(
        'saved',
        'My Favorites',
        lazyPage(
          () => import('@/features/library/routes/my-favorites'),
          (m) => m.MyFavoritesRoute,
        ),
      ),
      page(
        'stats',
        'My Results',
        lazyPage(
          () => import('@/features/reports/routes/my-results'),
          (m) => m.MyResultsRoute,
        ),
      ),
      {
        path: 'preview',
        children: [
          { index: true, element: <Navigate to="/app/content" replace /> },
          {
            path: 'auto-post/:id',
            Component: RequireAdmin,
            children: [
              {
                index: true,
                handle: { title: 'Auto-Post Preview' } satisfies RouteHandle,
                lazy: lazyPage(
                  () => import('@/features/autopost/routes/auto-post-preview'),
                  (m) => m.AutoPostPreviewRoute,
                ),
              },
            ],
          },
          page(
            'content/:id',
            'Content Preview',
            lazyPage(
              () => import('@/features/library/routes/content-preview'),
              (m) => m.ContentPreviewRoute,
            ),
          ),
        ],
      },
      page(
        'settings',
        'Account Settings',
        lazyPage(
          () => import('./settings-page'),
          (m) => m.SettingsPage,
        ),
      ),
      page(
        'settings/welcome',
        'Welcome to FitPost',
        lazyPage(
          () => import('./welcome-page'),
          (m) => m.WelcomePage,
        ),
      ),
      page(
        'settings/messages',
        'Messages',
        lazyPage(
          () => import('./messages-page'),
          (m) => m.MessagesPage,
        ),
      ),
      { path: 'manage', Component: RequireAdmin, children: manageRoutes },
      { path: '*', handle: { title: 'Page not found' } satisfies RouteHandle, Component: NotFound },
    ],
  },
];
