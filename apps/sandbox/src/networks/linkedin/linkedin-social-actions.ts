/**
 * GET /rest/socialActions?ids=List(urn,…) (Community Management "Social Actions", BATCH_GET): each post's
 * likes and comments summaries, for a member who granted r_member_social. LinkedIn shows a member's post's impressions, reshares and clicks to nobody
 * but approved analytics partners, so those stay unknown to FitPost: the sandbox serves only what this API does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { allowMethods, sendJson } from '../../http.js';
import { engagementAt } from '../engagement.js';
import { runPublish } from '../publish-call.js';
import { authenticate, requireScope } from './linkedin-api.js';
import type { LinkedInDeps } from './linkedin-deps.js';
import { apiError, linkedInFaultAnswers } from './linkedin-errors.js';
import { personUrn } from './linkedin-state.js';
import { checkVersionHeader } from './linkedin-version.js';

/** A Rest.li batch key list: `List(a,b,c)`, each key URL-encoded. */
const LIST = /^List\((.*)\)$/;
const MAX_BATCH = 100;

export async function batchSocialActions(
  deps: LinkedInDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  allowMethods(req, ['GET']);
  const caller = authenticate(deps, req);
  checkVersionHeader(req);
  // Reading social actions takes r_member_social, which LinkedIn grants approved partners only.
  requireScope(caller, 'r_member_social', 'socialActions.BATCH_GET');
  // searchParams decodes once; the keys inside List() were encoded once more by the client.
  const raw = /[?&]ids=([^&]*)/.exec(url.search)?.[1];
  const list = raw === undefined ? undefined : LIST.exec(decodeURIComponent(raw))?.[1];
  const ids = list
    ?.split(',')
    .filter(Boolean)
    .map((id) => decodeURIComponent(id));
  if (!ids || ids.length === 0 || ids.length > MAX_BATCH) {
    throw apiError(400, 'ILLEGAL_ARGUMENT', `ids must be List(urn,…) of 1 to ${MAX_BATCH} post URNs`);
  }
  await runPublish(deps.context, {
    network: 'linkedin',
    accountId: caller.member.id,
    call: 'metrics',
    res,
    answers: linkedInFaultAnswers,
    revokeAccount: () => deps.state.revokeMember(caller.member.id),
    publish: () => () => {
      const now = deps.context.metricsClock.now();
      const results: Record<string, object> = {};
      const errors: Record<string, object> = {};
      const statuses: Record<string, number> = {};
      for (const id of ids) {
        const post = deps.state.postsById.get(id);
        if (!post) {
          statuses[id] = 404;
          errors[id] = { status: 404, message: `Not Found: ${id}` };
          continue;
        }
        if (post.author !== personUrn(caller.member.id)) {
          statuses[id] = 403;
          errors[id] = { status: 403, message: `Not enough permissions to access: socialActions.BATCH_GET` };
          continue;
        }
        const figures = engagementAt(post.id, post.createdAt, now);
        statuses[id] = 200;
        results[id] = {
          $URN: `urn:li:socialActionsSummary:${id}`,
          target: id,
          likesSummary: {
            totalLikes: figures.likes,
            aggregatedTotalLikes: figures.likes,
            likedByCurrentUser: false,
          },
          commentsSummary: {
            totalFirstLevelComments: figures.comments,
            aggregatedTotalComments: figures.comments,
          },
        };
      }
      sendJson(res, 200, { results, statuses, errors });
    },
  });
}
