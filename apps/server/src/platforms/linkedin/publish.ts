import { z } from 'zod';

import { readJson, unexpectedAnswer, type HttpAnswer } from '../http.js';
import { CLOCK_SKEW_MS, composeText, findPost, type RecentPost } from '../text.js';
import type {
  PlatformSettings,
  PublishingAdapter,
  PublishResult,
  ReconcileResult,
  TokenCredentials,
} from '../types.js';
import { type LinkedInCaller, personUrn, postUrl, PUBLISH, READ } from './call.js';
import { undeterminable } from './errors.js';
import { fromLittleText, toLittleText } from './little-text.js';
import { linkedInImages } from './media.js';

/** The member's recent posts read while reconciling: 2 × 50, newest first. */
const RECONCILE_PAGES = 2;
const RECONCILE_PAGE_SIZE = 50;
const postsSchema = z.object({
  elements: z.array(z.object({ id: z.string(), commentary: z.string().optional(), createdAt: z.number() })),
});

/** The Posts API: publishing as the member, and finding a post that may have landed (reconcile). */
export function linkedInPosts(
  settings: PlatformSettings,
  call: LinkedInCaller,
): Pick<PublishingAdapter<TokenCredentials>, 'publish' | 'reconcile'> {
  const { apiUrl } = settings.linkedin;
  const { uploadImage } = linkedInImages(settings, call);

  return {
    async publish(target): Promise<PublishResult> {
      const accessToken = target.credentials.accessToken;
      const author = personUrn(target.accountId);
      const image = target.media ? await uploadImage(accessToken, author, target.media) : undefined;
      // Posts API, "Create a post": 201 with the post's URN in x-restli-id and no body.
      const answer = await call({
        method: 'POST',
        url: `${apiUrl}/rest/posts`,
        token: accessToken,
        versioned: true,
        publishes: true,
        json: {
          author,
          commentary: toLittleText(composeText(target.text, target.link)),
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          ...(image
            ? {
                content: {
                  media: { id: image, ...(target.media?.altText ? { altText: target.media.altText } : {}) },
                },
              }
            : {}),
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        },
      });
      const urn = answer.headers.get('x-restli-id');
      if (!urn) throw unexpectedAnswer(PUBLISH, answer, 'no x-restli-id header');
      return { remoteId: urn, url: postUrl(urn) };
    },

    async reconcile(target, { since }): Promise<ReconcileResult> {
      const posts: RecentPost[] = [];
      for (let page = 0; page < RECONCILE_PAGES; page += 1) {
        // Posts API, "Find Posts by Authors", parameters in the order the docs give them.
        const query = `author=${encodeURIComponent(personUrn(target.accountId))}&q=author&count=${RECONCILE_PAGE_SIZE}&start=${page * RECONCILE_PAGE_SIZE}&sortBy=CREATED`;
        let answer: HttpAnswer;
        try {
          answer = await call({
            method: 'GET',
            url: `${apiUrl}/rest/posts?${query}`,
            token: target.credentials.accessToken,
            versioned: true,
          });
        } catch (error) {
          throw undeterminable(error);
        }
        const { elements } = readJson(READ, answer, postsSchema);
        for (const post of elements) {
          posts.push({
            remoteId: post.id,
            text: fromLittleText(post.commentary ?? ''),
            createdAt: post.createdAt,
          });
        }
        const oldest = elements.at(-1)?.createdAt;
        if (
          elements.length < RECONCILE_PAGE_SIZE ||
          oldest === undefined ||
          oldest < since.getTime() - CLOCK_SKEW_MS
        ) {
          break;
        }
      }
      const found = findPost(posts, composeText(target.text, target.link), since);
      return found
        ? { found: true, remoteId: found.remoteId, url: postUrl(found.remoteId) }
        : { found: false };
    },
  };
}
