const loopbackHost = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** The origin a browser uses for `host`: plain http only on this machine, https everywhere else. */
export const originOf = (host: string) => `${loopbackHost.test(host) ? 'http' : 'https'}://${host}`;
