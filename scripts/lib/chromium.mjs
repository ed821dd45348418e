// Debian's chromium as the project drives it (end-to-end tests, benchmarks, screenshots): the one
// list of flags, each keeping a headless run quiet and on loopback only.
export const chromiumPath = '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
