import {
  libraryMessages,
  messages,
  networkNames,
  type PostUpsert,
  type SocialConnection,
} from '@fitpost/contract';
import type { Graphic } from '@/components/graphic-upload/graphic';
import { fromWallTime } from '@/lib/zoned-time';
import { postText } from '@/components/network-preview/preview-text';
import { networkProblem } from './post-text';

/** Add to Queue (the next free slot, the default), a chosen date and time, or Post Now. */
export type WhenMode = 'queue' | 'later' | 'now';

/** Everything the member has entered; what is kept in local storage while they write. */
export interface ComposerValues {
  body: string;
  link: string;
  /** The post's image: one the member uploaded (its alt text theirs to edit) or the library's. */
  graphic: Graphic | null;
  connectionIds: string[];
  /** The library item the post is made from. */
  contentId: string | null;
  when: WhenMode;
  /** `YYYY-MM-DD` and `HH:mm` in the member's time zone; empty until chosen. */
  date: string;
  time: string;
}

export const emptyValues: ComposerValues = {
  body: '',
  link: '',
  graphic: null,
  connectionIds: [],
  contentId: null,
  when: 'queue',
  date: '',
  time: '',
};

export interface ComposerErrors {
  body?: string;
  networks?: string;
  link?: string;
  when?: string;
  /** Per selected account: what keeps the post from going out there. */
  perConnection: Record<string, string>;
}

/** What the member asked for: send it (now or at a time), or only keep it as a draft. */
export type SaveIntent = 'publish' | 'draft';

export const whenMessages = {
  missing: 'Choose when to publish, or Post Now',
  past: 'The scheduled time has passed. Choose a time in the future.',
} as const;

export const reconnectMessage = 'Reconnect this account in Settings → Social Platforms before posting to it.';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Any problems at all? */
export function hasErrors(errors: ComposerErrors): boolean {
  return (
    Boolean(errors.body || errors.networks || errors.link || errors.when) ||
    Object.keys(errors.perConnection).length > 0
  );
}

/** The scheduled instant for a `later` post, or null when the date or time is missing. */
function scheduledInstant(values: Pick<ComposerValues, 'date' | 'time'>, zone: string): string | null {
  if (!values.date || !values.time) return null;
  try {
    return fromWallTime({ date: values.date, time: values.time }, zone).instant;
  } catch {
    return null;
  }
}

/**
 * The problems with the post for one network each and for the whole, as the member should read them.
 * Per-network problems (length, a missing image, a lapsed connection) always show; the spec's rules
 * and the time are checked when the member saves. A draft only needs a body or a graphic.
 */
export function perConnectionProblems(
  values: ComposerValues,
  connections: SocialConnection[],
): Record<string, string> {
  const text = postText(values.body, values.link);
  const problems: Record<string, string> = {};
  for (const id of values.connectionIds) {
    const connection = connections.find((c) => c.id === id);
    if (!connection) continue;
    const problem =
      connection.status === 'needs_reconnect'
        ? reconnectMessage
        : networkProblem(connection.network, text, values.graphic !== null);
    if (problem) problems[id] = problem;
  }
  return problems;
}

export function validateComposer(
  values: ComposerValues,
  context: { connections: SocialConnection[]; zone: string; now: number; intent: SaveIntent },
): ComposerErrors {
  const errors: ComposerErrors = { perConnection: {} };
  if (!values.body.trim() && !values.graphic) errors.body = messages['post.error.data'];
  if (values.link.trim() && !isHttpUrl(values.link.trim())) errors.link = libraryMessages.linkInvalid;
  if (context.intent === 'draft') return errors;
  const chosen = values.connectionIds.filter((id) => context.connections.some((c) => c.id === id));
  if (chosen.length === 0) errors.networks = messages['post.error.network'];
  errors.perConnection = perConnectionProblems(values, context.connections);
  if (values.when === 'later') {
    const instant = scheduledInstant(values, context.zone);
    if (!instant) errors.when = whenMessages.missing;
    else if (Date.parse(instant) < context.now) errors.when = whenMessages.past;
  }
  return errors;
}

/** The request body for POST/PUT /api/posts. */
export function toPostUpsert(values: ComposerValues, zone: string, intent: SaveIntent): PostUpsert {
  const scheduledAt = values.when === 'later' ? scheduledInstant(values, zone) : null;
  return {
    body: values.body,
    mediaId: values.graphic?.mediaId ?? null,
    link: values.link.trim() || null,
    connectionIds: values.connectionIds,
    contentId: values.contentId,
    publishNow: intent === 'publish' && values.when === 'now',
    queue: intent === 'publish' && values.when === 'queue',
    scheduledAt,
    timeZone: zone,
    draft: intent === 'draft',
  };
}

/** "X", "LinkedIn", … for messages about a network. */
export function networkName(connection: Pick<SocialConnection, 'network'>): string {
  return networkNames[connection.network];
}
