import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';

import type { ProtocolError } from '../http.js';
import type { Fault, FaultCall } from './faults.js';
import type { NetworkContext } from './network.js';
import type { NetworkName } from './network-names.js';

/** How long a `slow` fault holds the answer when the test did not say. */
const DEFAULT_SLOW_MS = 2000;

/** The network's own answers to injected failures. */
export interface FaultAnswers {
  rateLimited(fault: Fault): ProtocolError;
  serverError(): ProtocolError;
  /** The answer to a call made with a token that has just been revoked. */
  revoked(): ProtocolError;
}

export interface PublishCall {
  network: NetworkName;
  accountId: string;
  res: ServerResponse;
  answers: FaultAnswers;
  /** Which faults apply: publishing's (the default) or metrics reads'. */
  call?: FaultCall;
  /** Revokes every token of the account (the `revoked` fault). */
  revokeAccount(): void;
  /**
   * Validates, stores and logs the post, throwing the network's own error for bad input, and returns the
   * function that sends the success answer. Split in two so `hang` can accept a post without answering.
   */
  publish(): (() => void) | Promise<() => void>;
}

/** Runs one publish (or metrics) call under the oldest matching injected fault, if there is one. */
export async function runPublish(context: NetworkContext, call: PublishCall): Promise<void> {
  const fault = context.faults.take(call.network, call.accountId, call.call);
  switch (fault?.kind) {
    case 'rate_limit':
      throw call.answers.rateLimited(fault);
    case 'server_error':
      throw call.answers.serverError();
    case 'revoked':
      call.revokeAccount();
      throw call.answers.revoked();
    case 'slow':
      // The network is slow to take the post: it is accepted only after the delay, as a slow backend would.
      try {
        await delay(fault.delayMs ?? DEFAULT_SLOW_MS, undefined, { signal: context.signal });
      } catch {
        // Only the sandbox closing aborts the delay; the connection goes with it.
        call.res.destroy();
        return;
      }
      break;
    case 'hang':
      // The post is accepted, then the answer never comes: the case FitPost must record as `unknown`.
      await call.publish();
      context.held.hold(call.res);
      return;
    case undefined:
      break;
  }
  const answer = await call.publish();
  answer();
}
