import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { UserInfo } from '@fitpost/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { PlainButton } from '@/components/plain-controls';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useTour } from '@/lib/use-tour';
import { UserMenu } from './user-menu';

interface TopBarProps {
  user: UserInfo;
  isDesktop: boolean;
  collapsed: boolean;
  drawerOpen: boolean;
  onToggle: () => void;
}

function toggleOf(isDesktop: boolean, collapsed: boolean): { label: string; icon: ReactNode } {
  if (!isDesktop) return { label: 'Open navigation', icon: <MenuOutlined /> };
  return collapsed
    ? { label: 'Expand navigation', icon: <MenuUnfoldOutlined /> }
    : { label: 'Collapse navigation', icon: <MenuFoldOutlined /> };
}

/** Logo, the sidebar or drawer toggle, 'Take a Tour', the notification bell and the user menu. */
export function TopBar({ user, isDesktop, collapsed, drawerOpen, onToggle }: TopBarProps) {
  const toggle = toggleOf(isDesktop, collapsed);
  const tour = useTour();

  return (
    <div className="top-bar">
      <PlainButton
        variant="text"
        icon={toggle.icon}
        onClick={onToggle}
        aria-label={toggle.label}
        aria-expanded={isDesktop ? !collapsed : drawerOpen}
      />
      <Link to="/app/dashboard" className="top-bar-logo">
        <Logo />
      </Link>
      <div className="top-bar-spacer" />
      {/* The dashboard shows the tour until the member has seen it (spec §2). */}
      <Link to="/app/dashboard" className="top-bar-link" onClick={tour.restart}>
        Take a Tour
      </Link>
      <NotificationBell />
      <UserMenu user={user} compact={!isDesktop} />
    </div>
  );
}
