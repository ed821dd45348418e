const bodyClasses = {
  /** iOS Safari's 100vh includes the toolbars; this class sizes the shell to the visible viewport. */
  iosViewport: 'ios-viewport',
  /** A subtle marker that this is a local development host. */
  devHost: 'dev-host',
} as const;

interface NavigatorLike {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
}

/** iPhone, iPad or iPod, including iPadOS which reports itself as a Mac with touch. */
export function isIos(nav: NavigatorLike): boolean {
  if (/iPhone|iPad|iPod/i.test(nav.userAgent)) return true;
  return nav.platform === 'MacIntel' && nav.maxTouchPoints > 1;
}

export function isDevHost(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '::1', '[::1]'].includes(hostname);
}

export function applyBodyClasses(): void {
  document.body.classList.toggle(bodyClasses.iosViewport, isIos(navigator));
  document.body.classList.toggle(bodyClasses.devHost, isDevHost(window.location.hostname));
}
