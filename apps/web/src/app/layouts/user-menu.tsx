import { DownOutlined } from '@ant-design/icons';
import type { UserInfo } from '@fitpost/contract';
import { Link } from 'react-router';
import { PlainButton } from '@/components/plain-controls';
import { useDisclosure } from '@/components/use-disclosure';
import { memberNavGroups } from './nav-items';

/** The user navigation (spec §2): Home, Content, Calendar, Stats, Settings and Messages. */
const userNavigation = [
  ['Home', '/app/dashboard'],
  ['Content', '/app/content'],
  ['Calendar', '/app/calendar'],
  ['Stats', '/app/stats'],
  ['Settings', '/app/settings'],
  ['Messages', '/app/settings/messages'],
] as const;

const sidebarNames = new Map(
  memberNavGroups.flatMap((group) => group.links.map((link) => [link.path, link.label])),
);

/**
 * Each entry says the spec's word and the name the sidebar gives the same place ("Home · Recommended
 * Posts"), so the two menus never seem to lead to different screens (issue 26).
 */
function EntryName({ word, to }: { word: string; to: string }) {
  const sidebarName = sidebarNames.get(to);
  if (!sidebarName || sidebarName === word) return word;
  return (
    <>
      {word} <span className="user-menu-place">· {sidebarName}</span>
    </>
  );
}

/**
 * Avatar and name in the top bar, disclosing Profile, the user navigation and Logout. A plain
 * disclosure (button + list of links in DOM order) rather than antd's Dropdown: Tab order stays
 * natural, and the shell's initial bundle stays ~5 kB smaller.
 */
export function UserMenu({ user, compact }: { user: UserInfo; compact: boolean }) {
  const { open, toggle, close, rootRef, buttonRef, listId, handleBlur } = useDisclosure();

  return (
    <nav className="user-menu" aria-label="Account" ref={rootRef} onBlur={handleBlur}>
      <PlainButton
        ref={buttonRef}
        variant="text"
        className="user-menu-trigger"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Account menu for ${user.fullName}`}
        onClick={toggle}
      >
        <UserAvatar name={user.fullName} src={user.thumbnailUrl} />
        {compact ? null : <span className="user-menu-name">{user.fullName}</span>}
        <DownOutlined aria-hidden="true" />
      </PlainButton>
      <ul id={listId} className="user-menu-list" hidden={!open}>
        {user.profileUrl ? (
          <li>
            <a href={user.profileUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
              Profile<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ) : null}
        {userNavigation.map(([label, to]) => (
          <li key={to}>
            <Link to={to} onClick={close}>
              <EntryName word={label} to={to} />
            </Link>
          </li>
        ))}
        <li className="user-menu-separator">
          <Link to="/app/logout" onClick={close}>
            Logout
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** A small round photo, or the initials when there is none. Decorative: the name is next to it. */
function UserAvatar({ name, src }: { name: string; src: string }) {
  return (
    <span className="user-avatar" aria-hidden="true">
      {src ? <img src={src} alt="" width={24} height={24} /> : initials(name)}
    </span>
  );
}
