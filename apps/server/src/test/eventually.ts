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

/**
 * How long a test lets a change pushed by a database notification take to arrive. The promise is
 * about a second; a test does not time it (a loaded machine's clock is not the code's speed): a cached
 * entry would otherwise live until its session's idle limit, hours away, so seeing the change at
 * all within this bound proves it was pushed.
 */
export const pushLimitMs = 15_000;
