/** Reading Graph nodes: people, Pages (with /me/accounts), Instagram accounts and media containers. */
import { networkAvatarUrl } from '../avatars.js';
import type { FacebookDeps } from './facebook-deps.js';
import type { FacebookPage, FacebookUser, InstagramAccount, MediaContainer } from './facebook-state.js';
import type { FieldSelection } from './graph-request.js';

type Json = Record<string, unknown>;

/** /me/accounts returns these when `fields` is absent ("User Accounts" reference). */
export const ACCOUNT_DEFAULT_FIELDS = ['access_token', 'category', 'category_list', 'name', 'id', 'tasks'];
const PAGE_TASKS = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];

function picture(deps: FacebookDeps, network: 'facebook' | 'instagram', id: string): Json {
  return {
    data: {
      height: 50,
      is_silhouette: false,
      url: networkAvatarUrl(deps.context.publicUrl, network, id),
      width: 50,
    },
  };
}

/** Keeps the requested fields that have a value; Graph leaves out fields that are empty for the object. */
function select(
  fields: FieldSelection,
  values: Record<string, (nested: string[] | undefined) => unknown>,
): Json {
  const result: Json = {};
  for (const [name, nested] of fields) {
    const value = values[name]?.(nested);
    if (value !== undefined) result[name] = value;
  }
  // Graph always includes the id of a node it returns.
  if (!('id' in result) && values.id) result.id = values.id(undefined);
  return result;
}

export function presentUser(deps: FacebookDeps, user: FacebookUser, fields: FieldSelection): Json {
  return select(fields, {
    id: () => user.id,
    name: () => user.name,
    email: () => user.email,
    picture: () => picture(deps, 'facebook', user.id),
  });
}

export function presentPage(
  deps: FacebookDeps,
  page: FacebookPage,
  fields: FieldSelection,
  accessToken?: string,
): Json {
  return select(fields, {
    id: () => page.id,
    name: () => page.name,
    category: () => page.category,
    category_list: () => [{ id: '2250', name: page.category }],
    tasks: () => PAGE_TASKS,
    access_token: () => accessToken,
    picture: () => picture(deps, 'facebook', page.id),
    link: () => `https://www.facebook.com/${page.id}`,
    instagram_business_account: (nested) => {
      const account = page.instagramId ? deps.state.instagram.get(page.instagramId) : undefined;
      return (
        account &&
        presentInstagram(deps, account, new Map((nested ?? ['id']).map((name) => [name, undefined])))
      );
    },
  });
}

export function presentInstagram(
  deps: FacebookDeps,
  account: InstagramAccount,
  fields: FieldSelection,
): Json {
  return select(fields, {
    id: () => account.id,
    username: () => account.username,
    name: () => account.name,
    profile_picture_url: () => networkAvatarUrl(deps.context.publicUrl, 'instagram', account.id),
    media_count: () => account.publishTimes.length,
    followers_count: () => 0,
  });
}

const STATUS_TEXT: Record<MediaContainer['status'], string> = {
  IN_PROGRESS: 'In Progress: Media is still being processed.',
  FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
  ERROR: 'Error: Media could not be processed.',
  PUBLISHED: 'Published: Media has been successfully published.',
  EXPIRED: 'Expired: Media was not published within 24 hours.',
};

export function presentContainer(container: MediaContainer, fields: FieldSelection): Json {
  return select(fields, {
    id: () => container.id,
    status_code: () => container.status,
    status: () =>
      container.failure
        ? `Error: ${container.failure.message} (${container.failure.subcode})`
        : STATUS_TEXT[container.status],
  });
}
