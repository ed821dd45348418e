import type { SignInCallback, UserInfo } from '@fitpost/contract';
import { setStoredUser } from '@/lib/session';
import { consumeFeeds } from '@/lib/api/feeds/consume-feeds';
import { postSignInCallback } from './post-sign-in-callback';

const inFlight = new Map<string, Promise<UserInfo>>();

/**
 * Verifies the code, stores the user and starts consuming their feeds (spec §4). Each code is posted
 * at most once per page load: codes are single-use, and React's StrictMode runs effects twice in
 * development, so the second run gets the first run's promise.
 */
export function completeSignIn(body: SignInCallback): Promise<UserInfo> {
  let pending = inFlight.get(body.code);
  if (!pending) {
    pending = postSignInCallback(body).then((user) => {
      setStoredUser(user);
      // Feed refresh is best effort: a failure is logged, never shown, and does not hold up sign-in.
      consumeFeeds(user.id).catch((error: unknown) =>
        console.error('Consuming feeds after sign-in failed', error),
      );
      return user;
    });
    inFlight.set(body.code, pending);
  }
  return pending;
}
