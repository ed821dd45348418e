/** Business constants from spec §9 and limits shared by server and web. */
export const layout = {
  siderWidth: 220,
  drawerWidth: 300,
  /** antd's `lg` breakpoint. */
  collapseBreakpointPx: 992,
} as const;

export const popup = { width: 600, height: 600, pollMs: 1000, stateLength: 20 } as const;

export const legacyAlertHideMs = 3000;

/** The announcement dialog's browser-side constants (spec §4, §8, §9). */
export const announcementClient = {
  /** The cookie that marks "the dialog was shown in this window". */
  cookieName: 'fitpost_announcement',
  /** Spec §9: announcement cookie lifetime, 30 days. */
  cookieDays: 30,
  /** localStorage key of the seen non-recurring ids (spec §4). */
  seenStorageKey: 'fitpost.announcements.seen',
} as const;
const locale = 'en-US';

/**
 * A count as en-US writes it: 10000 → '10,000'. Written out rather than `toLocaleString`, whose
 * first call loads the browser's number-formatting data (tens of milliseconds on a phone), which
 * the contract's messages would otherwise pay while the app starts. Non-integers fall back to it.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString(locale);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
export const dateFormat = 'M/D/YYYY';

export const paging = { defaultPageSize: 20, maxPageSize: 100 } as const;

/** The calendar asks for at most this span at once (a month view shows six weeks). */
export const calendarLimits = { maxRangeDays: 92, maxPosts: 2000, excerptLength: 140 } as const;

/** The all-zero user id that owns a portal's system feeds (spec §3). */
export const systemUserId = '00000000-0000-0000-0000-000000000000';

/** Largest JSON request body the API accepts, in bytes. */
export const maxJsonBodyBytes = 256 * 1024;

/** Well-known role ids; the full list comes from GET /api/role. */
export const roleIds = { member: 1, admin: 2 } as const;
