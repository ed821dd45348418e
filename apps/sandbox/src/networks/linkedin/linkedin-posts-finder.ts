/** GET /rest/posts?author=…&q=author, the Posts API's "Find Posts by Authors" finder. */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { z } from 'zod';

import { sendJson } from '../../http.js';
import { authenticate, requireScope } from './linkedin-api.js';
import { accessDenied, apiError } from './linkedin-errors.js';
import type { LinkedInDeps } from './linkedin-deps.js';
import { type LinkedInPost, personUrn } from './linkedin-state.js';
import { checkVersionHeader } from './linkedin-version.js';

const finderSchema = z.object({
  q: z.literal('author'),
  author: z.string().regex(/^urn:li:(person|organization):[\w-]+$/),
  count: z.coerce.number().int().min(1).max(100).default(10),
  start: z.coerce.number().int().min(0).default(0),
  sortBy: z.enum(['LAST_MODIFIED', 'CREATED']).default('LAST_MODIFIED'),
  viewContext: z.enum(['READER', 'AUTHOR']).default('READER'),
});

/**
 * A member's own posts, newest first. Reading a person's posts needs the restricted r_member_social
 * permission (organizations' posts need r_organization_social; the sandbox has no organizations), so
 * without it LinkedIn answers 403 ACCESS_DENIED. READER shows published posts, AUTHOR drafts too.
 */
export function findPostsByAuthor(deps: LinkedInDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  const caller = authenticate(deps, req);
  const version = checkVersionHeader(req);
  const parsed = finderSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    throw apiError(
      400,
      'ILLEGAL_ARGUMENT',
      'Invalid query parameters passed to request: use q=author with an author URN, count 1-100, start, sortBy',
      100,
    );
  }
  const query = parsed.data;
  const resource = `partnerApiPostsExternal.FINDER-author.${version}`;
  requireScope(caller, 'r_member_social', resource);
  if (query.author !== personUrn(caller.member.id)) throw accessDenied(resource);
  const sortKey = query.sortBy === 'CREATED' ? 'createdAt' : 'lastModifiedAt';
  const posts = (deps.state.posts.get(caller.member.id) ?? [])
    .filter((post) => query.viewContext === 'AUTHOR' || post.lifecycleState === 'PUBLISHED')
    // Newest first; reversed before the (stable) sort so posts made in the same millisecond keep that order.
    .reverse()
    .sort((a, b) => b[sortKey] - a[sortKey]);
  const elements = posts.slice(query.start, query.start + query.count).map(present);
  const next = query.start + elements.length < posts.length;
  const nextQuery = new URLSearchParams({
    ...Object.fromEntries(url.searchParams),
    start: String(query.start + query.count),
  });
  sendJson(res, 200, {
    paging: {
      start: query.start,
      count: query.count,
      links: next
        ? [{ type: 'application/json', rel: 'next', href: `/rest/posts?${nextQuery.toString()}` }]
        : [],
      total: posts.length,
    },
    elements,
  });
}

function present(post: LinkedInPost) {
  return {
    id: post.id,
    author: post.author,
    commentary: post.commentary,
    visibility: post.visibility,
    distribution: post.distribution,
    ...(post.content === undefined ? {} : { content: post.content }),
    lifecycleState: post.lifecycleState,
    lifecycleStateInfo: { isEditedByAuthor: false },
    isReshareDisabledByAuthor: post.isReshareDisabledByAuthor,
    createdAt: post.createdAt,
    ...(post.lifecycleState === 'PUBLISHED' ? { publishedAt: post.createdAt } : {}),
    lastModifiedAt: post.lastModifiedAt,
  };
}
