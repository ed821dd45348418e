/** React-query keys of the member's email settings (Settings → Email). */
export const emailKeys = {
  /** GET /api/email/preferences: which kinds of notification and message also come by email. */
  preferences: ['email-preferences'] as const,
};
