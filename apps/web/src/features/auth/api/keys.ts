/** React-query keys of signing in, before the member has a session. */
export const authKeys = {
  /** GET /api/auth/authorize?host: a fresh provider URL (single-use state) for this host. */
  authorize: (host: string) => ['auth', 'authorize', host] as const,
  /** GET /api/public-config[?portalId]: the deployment's texts, or a portal's. */
  publicConfig: (portalId: number | null) =>
    portalId === null ? (['public-config'] as const) : (['public-config', portalId] as const),
};
