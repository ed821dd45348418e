const loopbackHost = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * The origin a browser uses for `host`: https, except plain http for a host on this machine while
 * the public URL is http too (a loopback host behind TLS, `https://localhost:8443`, is https).
 */
export const originOf = (host: string, publicUrl: string) =>
  `${loopbackHost.test(host) && !publicUrl.startsWith('https:') ? 'http' : 'https'}://${host}`;
