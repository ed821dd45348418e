import { layout } from '@fitpost/contract';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, useNavigation } from 'react-router';
import { useRefreshStoredUser } from '@/lib/api/users/get-current-user';
import { useMediaQuery } from '@/lib/media-query';
import { loadModule } from '@/lib/module-load';
import { useStoredUser } from '@/lib/session';
import { NavDrawer } from './nav-drawer';
import { NavMenu } from './nav-menu';
import { OfflineBanner } from './offline-banner';
import { TopBar } from './top-bar';
import { useClearFilterOnLeave } from './use-clear-filter-on-leave';

/** From here up the sidebar stays beside the screen; below it, it is a drawer (antd's `lg`). */
const wideQuery = `(min-width: ${layout.collapseBreakpointPx}px)`;
/** The collapsed sidebar: icons only (antd's Sider's collapsed width). */
const collapsedSiderWidth = 80;

// Loaded after the shell has drawn: its answer is rarely anything to show, and its dialog (antd's
// Modal) loads only then.
const AnnouncementDialog = lazy(
  loadModule(async () => ({
    default: (await import('@/features/announcements/announcement-dialog')).AnnouncementDialog,
  })),
);

/**
 * The signed-in shell (spec §2): top bar, and the sidebar — collapsible beside the screen from
 * 992 px up, a drawer below. Plain elements and CSS (app/global.css), no antd: the shell is the
 * first thing every screen draws, and antd's components bring antd's core and generate their styles
 * while they render (docs/architecture.md §5, "The first screen on a phone").
 */
export function AppLayout() {
  const user = useStoredUser();
  const isDesktop = useMediaQuery(wideQuery);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigation = useNavigation();

  useRefreshStoredUser();
  useClearFilterOnLeave();

  if (!user) return <Navigate to="/" replace />;
  const isAdmin = user.fitPostAdminAccess;
  const drawerShown = drawerOpen && !isDesktop;
  const siderWidth = collapsed ? collapsedSiderWidth : layout.siderWidth;

  function handleToggle() {
    if (isDesktop) setCollapsed((value) => !value);
    else setDrawerOpen(true);
  }

  return (
    <div className="app-shell">
      {/* While the drawer is open, the rest of the page is out of reach (as behind any modal dialog). */}
      <a className="skip-link" href="#main-content" inert={drawerShown}>
        Skip to content
      </a>
      <header className="app-header" inert={drawerShown}>
        <TopBar
          user={user}
          isDesktop={isDesktop}
          collapsed={collapsed}
          drawerOpen={drawerShown}
          onToggle={handleToggle}
        />
      </header>
      <div className="app-body" inert={drawerShown}>
        {isDesktop ? (
          <aside className="app-sider" style={{ flexBasis: siderWidth, width: siderWidth }}>
            <nav aria-label="Main">
              <NavMenu isAdmin={isAdmin} collapsed={collapsed} />
            </nav>
          </aside>
        ) : null}
        <main id="main-content" className="app-content" tabIndex={-1}>
          {navigation.state === 'loading' ? (
            <div className="route-progress" role="progressbar" aria-label="Loading" />
          ) : null}
          <OfflineBanner />
          <Outlet />
        </main>
      </div>
      {drawerShown ? <NavDrawer isAdmin={isAdmin} onClose={() => setDrawerOpen(false)} /> : null}
      <Suspense fallback={null}>
        <AnnouncementDialog portalId={user.portalId} />
      </Suspense>
    </div>
  );
}
