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
  // Every name but the two the tests use fails to resolve inside the browser, so not even a DNS
  // query leaves the machine (a page's outside link, a background service Chromium adds later).
  // IP literals pass through these rules too, hence 127.0.0.1.
  '--host-resolver-rules=MAP * ~NOTFOUND,EXCLUDE localhost,EXCLUDE 127.0.0.1',
];
