/**
 * React-query keys of the organisation's settings: the admin's settings screen and the Auto-Post
 * form's defaults read `settings`; every editor that checks captions reads `healthClaims`.
 */
export const organisationKeys = {
  /** GET /api/settings/organisation (admins). */
  settings: ['organisation', 'settings'] as const,
  /** GET /api/settings/health-claims (any member): the rules switched off and the organisation's phrases. */
  healthClaims: ['organisation', 'health-claims'] as const,
};
