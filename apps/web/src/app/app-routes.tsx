import { autoPostImportWords, messages } from '@fitpost/contract';
import { Navigate, type RouteObject } from 'react-router';
import { NotFound } from '@/components/not-found';
import { NestedRouteErrorBoundary } from '@/components/route-error-boundary';
import type { RouteHandle } from '@/lib/route-title';
import { reportAreas } from './areas';
import { RequireAdmin } from './guards/require-admin';
import { lazyScreen } from './lazy-screen';

function page(path: string, title: string, Component: RouteObject['Component']): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, Component };
}

const scheduleAutoPost = lazyScreen(
  () => import('@/features/autopost/routes/schedule-auto-post'),
  (m) => m.ScheduleAutoPostRoute,
);

const manageRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Administration Dashboard' } satisfies RouteHandle,
    Component: lazyScreen(
      () => import('@/features/autopost/routes/admin-dashboard'),
      (m) => m.AdminDashboardRoute,
    ),
  },
  page('autopost', 'Schedule Auto-Post', scheduleAutoPost),
  page('autopost/:id/edit', 'Edit Auto-Post', scheduleAutoPost),
  page(
    'autopost/import',
    autoPostImportWords.title,
    lazyScreen(
      () => import('@/features/autopost/routes/import-plan'),
      (m) => m.ImportPlanRoute,
    ),
  ),
  page(
    'autopost/:id',
    'Auto-Post Progress',
    lazyScreen(
      () => import('@/features/autopost/routes/auto-post-progress'),
      (m) => m.AutoPostProgressRoute,
    ),
  ),
  page(
    'content',
    'Content Repository',
    lazyScreen(
      () => import('@/features/library/routes/content-repository'),
      (m) => m.ContentRepositoryRoute,
    ),
  ),
  page(
    'saved',
    messages['page.adminFavorites'],
    lazyScreen(
      () => import('@/features/library/routes/admin-favorites'),
      (m) => m.AdminFavoritesRoute,
    ),
  ),
  page(
    'feeds',
    'Feeds',
    lazyScreen(
      () => import('@/features/feeds/routes/admin-feeds'),
      (m) => m.AdminFeedsRoute,
    ),
  ),
  page(
    'brands',
    'Manage Brands',
    lazyScreen(
      () => import('@/features/library/routes/manage-brands'),
      (m) => m.ManageBrandsRoute,
    ),
  ),
  page(
    'tags',
    'Tags',
    lazyScreen(
      () => import('@/features/library/routes/tags'),
      (m) => m.TagsRoute,
    ),
  ),
  page(
    'announcements',
    'Announcements',
    lazyScreen(
      () => import('@/features/announcements/announcements-route'),
      (m) => m.AnnouncementsRoute,
    ),
  ),
  page(
    'users',
    'Users',
    lazyScreen(
      () => import('@/features/users/routes/users'),
      (m) => m.UsersRoute,
    ),
  ),
  page(
    'messages',
    'Messages',
    lazyScreen(
      () => import('@/features/messages/routes/admin-messages'),
      (m) => m.AdminMessagesRoute,
    ),
  ),
  page(
    'settings',
    'Administration Settings',
    lazyScreen(
      () => import('@/features/organisation/routes/organisation-settings'),
      (m) => m.OrganisationSettingsRoute,
    ),
  ),
  page(
    'reports',
    'Reports',
    lazyScreen(
      () => import('@/features/reports/routes/reports-index'),
      (m) => m.ReportsIndexRoute,
    ),
  ),
  // One screen for every report; its title comes from the route (recharts loads with it, not before).
  ...reportAreas.map((report) =>
    page(
      `reports/${report.path}`,
      report.title,
      lazyScreen(
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
        // Drawn without antd (its cards and panels are plain markup): a phone's first screen.
        lazyScreen(
          () => import('./dashboard-page'),
          (m) => m.DashboardPage,
          { antd: false },
        ),
      ),
      page(
        'brands',
        messages['page.brands'],
        lazyScreen(
          () => import('@/features/library/routes/brands'),
          (m) => m.BrandsRoute,
        ),
      ),
      page(
        'calendar',
        'Calendar',
        lazyScreen(
          () => import('@/features/calendar/routes/calendar'),
          (m) => m.CalendarRoute,
          { antd: false },
        ),
      ),
      page(
        'posts',
        'Schedule a Post',
        lazyScreen(
          () => import('@/features/posts/routes/posts'),
          (m) => m.PostsRoute,
        ),
      ),
      page(
        'posts/post',
        messages['action.compose'],
        lazyScreen(
          () => import('@/features/composer/routes/composer'),
          (m) => m.ComposerRoute,
        ),
      ),
      page(
        'content',
        messages['page.library'],
        lazyScreen(
          () => import('@/features/library/routes/browse-library'),
          (m) => m.BrowseLibraryRoute,
          { antd: false },
        ),
      ),
      page(
        'saved',
        'My Favorites',
        lazyScreen(
          () => import('@/features/library/routes/my-favorites'),
          (m) => m.MyFavoritesRoute,
        ),
      ),
      page(
        'stats',
        'My Results',
        lazyScreen(
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
                Component: lazyScreen(
                  () => import('@/features/autopost/routes/auto-post-preview'),
                  (m) => m.AutoPostPreviewRoute,
                ),
              },
            ],
          },
          page(
            'content/:id',
            'Content Preview',
            lazyScreen(
              () => import('@/features/library/routes/content-preview'),
              (m) => m.ContentPreviewRoute,
            ),
          ),
        ],
      },
      page(
        'settings',
        'Account Settings',
        lazyScreen(
          () => import('./settings-page'),
          (m) => m.SettingsPage,
        ),
      ),
      page(
        'settings/welcome',
        'Welcome to FitPost',
        lazyScreen(
          () => import('./welcome-page'),
          (m) => m.WelcomePage,
        ),
      ),
      page(
        'settings/messages',
        'Messages',
        lazyScreen(
          () => import('./messages-page'),
          (m) => m.MessagesPage,
        ),
      ),
      { path: 'manage', Component: RequireAdmin, children: manageRoutes },
      { path: '*', handle: { title: 'Page not found' } satisfies RouteHandle, Component: NotFound },
    ],
  },
];
