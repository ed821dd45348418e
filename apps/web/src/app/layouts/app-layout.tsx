import { layout } from '@fitpost/contract';
import { Grid, Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useNavigation } from 'react-router';
import { useRefreshStoredUser } from '@/lib/api/users/get-current-user';
import { loadModule } from '@/lib/module-load';
import { useStoredUser } from '@/lib/session';
import { NavMenu } from './nav-menu';
import { OfflineBanner } from './offline-banner';
import { TopBar } from './top-bar';
import { useClearFilterOnLeave } from './use-clear-filter-on-leave';

const NavDrawer = lazy(loadModule(async () => ({ default: (await import('./nav-drawer')).NavDrawer })));
// Loaded after the shell has drawn: the dialog (antd's Modal and its rules) stays out of the first
// load's budget (README: the dashboard's initial JS).
const AnnouncementDialog = lazy(
  loadModule(async () => ({
    default: (await import('@/features/announcements/announcement-dialog')).AnnouncementDialog,
  })),
);

/**
 * The signed-in shell (spec §2): top bar, and the sidebar — a collapsible Sider from antd's `lg`
 * breakpoint (992 px) up, a drawer below it.
 */
export function AppLayout() {
  const user = useStoredUser();
  const screens = Grid.useBreakpoint();
  // Unknown until antd measures (before the first paint); assume a wide screen meanwhile.
  const isDesktop = screens.lg !== false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is drawn from its first opening on: a closed antd Drawer still builds its styles,
  // the largest single piece of a phone's first render. Its code is fetched once the shell shows.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const navigation = useNavigation();
  useEffect(() => {
    // A fetch that fails (offline, say) is tried again when the drawer is first opened.
    if (!isDesktop) import('./nav-drawer').catch(() => undefined);
  }, [isDesktop]);

  useRefreshStoredUser();
  useClearFilterOnLeave();

  if (!user) return <Navigate to="/" replace />;
  const isAdmin = user.fitPostAdminAccess;

  function handleToggle() {
    if (isDesktop) setCollapsed((value) => !value);
    else {
      setDrawerUsed(true);
      setDrawerOpen(true);
    }
  }

  return (
    <Layout className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Layout.Header className="app-header">
        <TopBar
          user={user}
          isDesktop={isDesktop}
          collapsed={collapsed}
          drawerOpen={drawerOpen}
          onToggle={handleToggle}
        />
      </Layout.Header>
      <Layout hasSider={isDesktop}>
        {isDesktop ? (
          <Layout.Sider
            className="app-sider"
            width={layout.siderWidth}
            collapsible
            collapsed={collapsed}
            trigger={null}
            theme="light"
          >
            <nav aria-label="Main">
              <NavMenu isAdmin={isAdmin} collapsed={collapsed} />
            </nav>
          </Layout.Sider>
        ) : drawerUsed ? (
          <Suspense fallback={null}>
            <NavDrawer open={drawerOpen} isAdmin={isAdmin} onClose={() => setDrawerOpen(false)} />
          </Suspense>
        ) : null}
        <Layout.Content id="main-content" className="app-content" tabIndex={-1}>
          {navigation.state === 'loading' ? (
            <div className="route-progress" role="progressbar" aria-label="Loading" />
          ) : null}
          <OfflineBanner />
          <Outlet />
        </Layout.Content>
      </Layout>
      <Suspense fallback={null}>
        <AnnouncementDialog portalId={user.portalId} />
      </Suspense>
    </Layout>
  );
}
