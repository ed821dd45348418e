/**
 * Which redirect (callback) URIs the networks accept. The real networks compare against URIs registered in
 * the app's settings; the sandbox has no settings page, so it accepts any http(s) URI on a loopback host
 * (FitPost in development and tests) or on one of the configured origins (FitPost behind a real host name).
 */
export class RedirectPolicy {
  private readonly origins: ReadonlySet<string>;

  constructor(origins: readonly string[]) {
    this.origins = new Set(origins.map((origin) => new URL(origin).origin));
  }

  allows(uri: string): boolean {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    // Fragments can never be carried through a redirect, which is why every network refuses them.
    if (url.hash) return false;
    return isLoopback(url.hostname) || this.origins.has(url.origin);
  }
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}

/** Appends query parameters to a redirect URI, keeping the ones it already has. */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.href;
}
