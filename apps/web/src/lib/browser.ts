/**
 * The few browser navigation calls the app makes, behind one object so tests can observe them
 * (jsdom's `window.location` methods cannot be replaced).
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Host name and port exactly as the address bar shows them; the server builds `redirect_uri` from it. */
  host(): string {
    return window.location.host;
  },
};
