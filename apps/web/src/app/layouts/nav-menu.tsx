import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { tourTargetAttribute } from '@/lib/tour';
import { preloadScreen } from '../preload-screen';
import { memberNavGroups, selectedNavKey, type NavLink } from './nav-items';
import { useAdminNavGroups } from './use-admin-nav-groups';

interface NavMenuProps {
  isAdmin: boolean;
  /** The Sider's narrow state: icons only, each link's name kept for screen readers and as a tooltip. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * The sidebar: lists of plain links under their group names, used in the Sider on wide screens and
 * in the drawer on narrow ones (the `<nav aria-label="Main">` around it is theirs). Plain links rather
 * than antd's Menu keep the menu, rc-menu and their tooltips out of the dashboard's first load
 * (docs/benchmarks.md); Tab moves through the links. The current link gets aria-current="page" from
 * `selectedNavKey` (the longest matching path), not from NavLink's own matching, which would also
 * mark 'Schedule a Post' (/app/posts) on 'Create New' (/app/posts/post).
 */
export function NavMenu({ isAdmin, collapsed = false, onNavigate }: NavMenuProps) {
  const { pathname } = useLocation();
  const adminGroups = useAdminNavGroups(isAdmin);
  const groups = [...memberNavGroups, ...adminGroups];
  const selected = selectedNavKey(pathname, groups);
  const idPrefix = useId();

  function renderLink(link: NavLink) {
    return (
      <li key={link.path}>
        <Link
          to={link.path}
          className="nav-menu-link"
          onClick={onNavigate}
          onPointerEnter={() => preloadScreen(link.path)}
          onFocus={() => preloadScreen(link.path)}
          aria-current={link.path === selected ? 'page' : undefined}
          title={collapsed ? link.label : undefined}
          {...{ [tourTargetAttribute]: link.path }}
        >
          <span className="nav-menu-icon" aria-hidden="true">
            {link.icon}
          </span>
          <span className={collapsed ? 'visually-hidden' : 'nav-menu-label'}>{link.label}</span>
        </Link>
      </li>
    );
  }

  return (
    <div className={collapsed ? 'nav-menu nav-menu-collapsed' : 'nav-menu'}>
      {groups.map((group, index) => {
        const titleId = `${idPrefix}-group-${index}`;
        return (
          <div className="nav-menu-group" key={group.title ?? ''}>
            {group.title === null ? null : (
              <div id={titleId} className={collapsed ? 'visually-hidden' : 'nav-menu-group-title'}>
                {group.title}
              </div>
            )}
            <ul className="nav-menu-list" aria-labelledby={group.title === null ? undefined : titleId}>
              {group.links.map(renderLink)}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
