import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Whether `check` comes true within `ms`, asking again each time it is false after letting the
 * event loop take in what arrived meanwhile (a database notification; an in-process `inject` alone
 * never waits on the network). For changes another process or a database notification brings.
 */
export async function trueWithin(ms: number, check: () => Promise<boolean>) {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await nextTurn();
  }
}
