import { escapeHtml, page } from './html.js';
import { allowMethods, HttpError, send, sendHtml, type Route } from './http.js';
import { findMemberBySub, type DemoMember } from './sso/members.js';
import { ORGANISATION } from './sso/views.js';

/** Dark enough for white initials to pass WCAG AA contrast. */
const AVATAR_COLOURS = ['#0b6e4f', '#1d4ed8', '#7e22ce', '#b42318', '#a15c07', '#0e7490'];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** The same member always gets the same colour, so avatars stay recognisable across runs. */
function colourFor(seed: string): string {
  const hash = [...seed].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) >>> 0, 7);
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? '#0b6e4f';
}

/** A picture of initials on a coloured circle; `seed` keeps the colour stable for the same person or account. */
export function initialsAvatarSvg(name: string, seed: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeHtml(name)}">
<title>${escapeHtml(name)}</title>
<circle cx="64" cy="64" r="64" fill="${colourFor(seed)}"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="52" font-weight="600" fill="#fff">${escapeHtml(initials(name))}</text>
</svg>
`;
}

/** The member's picture claim: their initials on a coloured circle. */
function avatarSvg(member: DemoMember): string {
  return initialsAvatarSvg(member.name, member.sub);
}

function profilePage(member: DemoMember): string {
  return page({
    title: `${member.name} – Member profile – ${ORGANISATION}`,
    body: `<h1><span class="organisation">${escapeHtml(ORGANISATION)}</span> Member profile</h1>
<div class="profile">
  <img src="/avatars/${escapeHtml(member.sub)}.svg" alt="">
  <div>
    <p><strong>${escapeHtml(member.name)}</strong></p>
    <p>${escapeHtml(member.accountType)}</p>
  </div>
</div>`,
  });
}

function memberOrNotFound(sub: string | undefined): DemoMember {
  const member = sub === undefined ? undefined : findMemberBySub(sub);
  if (!member) throw new HttpError(404, 'member_not_found', 'There is no such member.');
  return member;
}

/** `/avatars/<sub>.svg`: the URL in the member's `picture` claim. */
export const avatarsRoute: Route = {
  prefix: '/avatars',
  handle: (req, res, url) => {
    allowMethods(req, ['GET', 'HEAD']);
    const member = memberOrNotFound(/^\/avatars\/([\w-]+)\.svg$/.exec(url.pathname)?.[1]);
    send(res, 200, 'image/svg+xml; charset=utf-8', avatarSvg(member), 'public, max-age=3600');
  },
};

/** `/profile/<sub>`: the URL in the member's `profile` claim, standing in for the organisation's profile page. */
export const profileRoute: Route = {
  prefix: '/profile',
  handle: (req, res, url) => {
    allowMethods(req, ['GET', 'HEAD']);
    const member = memberOrNotFound(/^\/profile\/([\w-]+)$/.exec(url.pathname)?.[1]);
    sendHtml(res, 200, profilePage(member));
  },
};
