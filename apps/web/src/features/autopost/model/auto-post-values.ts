import {
  type AutoPost,
  autoPostLimits,
  autoPostMessages,
  autoPostUpsert,
  type AutoPostUpsert,
  libraryMessages,
  longestMergeText,
  longestUtmLink,
  type Network,
} from '@fitpost/contract';
import { imageRequired, textLength, textLimits, textProblem } from '@fitpost/contract/platform-rules';
import { sharedGraphic, type Graphic } from '@/components/graphic-upload/graphic';
import { fromWallTime, toWallTime } from '@/lib/zoned-time';

/**
 * The scheduling form's values and rules. It imports twitter-text (through the contract's platform
 * rules), so only the lazily loaded scheduling screen may import it.
 */
export interface AutoPostValues {
  /** The library item it is scheduled from, if any. */
  contentId: string | null;
  body: string;
  graphic: Graphic | null;
  link: string;
  /** `YYYY-MM-DD` and `HH:mm` in the admin's time zone. */
  date: string;
  time: string;
  networks: Network[];
  xVariants: string[];
  xSpreadMinutes: number | null;
  /** Tag the link with UTM parameters per member and network. */
  utm: boolean;
}

/** What a new Auto-Post starts with: the organisation's defaults. */
export interface AutoPostDefaults {
  xSpreadMinutes: number;
  utm: boolean;
}

export type AutoPostField =
  'body' | 'graphic' | 'link' | 'when' | 'networks' | 'xVariants' | 'xSpreadMinutes';

export interface AutoPostErrors {
  fields: Partial<Record<AutoPostField, string>>;
  /** One entry per X caption variant: what is wrong with it, or null. */
  variants: (string | null)[];
}

const messagesForForm = {
  whenMissing: 'Choose a date and a time.',
  variantEmpty: 'Write this caption or remove it.',
  spread: autoPostMessages.spread,
} as const;

const xLimit = textLimits.x;

/** The text a network receives: the body, then the link as its own paragraph (as the server sends it). */
function networkText(body: string, link: string): string {
  const trimmedLink = link.trim();
  if (!trimmedLink || body.includes(trimmedLink)) return body;
  return body.trim() === '' ? trimmedLink : `${body}\n\n${trimmedLink}`;
}

/**
 * The longest text a member could get (issue 15): every merge field at its longest value, and the
 * link as tagged on the network with the longest name. What the counters count.
 */
function longestNetworkText(body: string, link: string, utm: boolean): string {
  const trimmedLink = link.trim();
  return networkText(longestMergeText(body), utm && trimmedLink ? longestUtmLink(trimmedLink) : trimmedLink);
}

export interface TextCount {
  length: number;
  limit: number;
  over: boolean;
}

/** An X caption's longest length as X counts it (links 23, most emoji 2), with the link X posts carry. */
export function xCount(variant: string, link: string, utm = false): TextCount {
  const length = textLength('x', longestNetworkText(variant, link, utm));
  return { length, limit: xLimit, over: length > xLimit };
}

/** The post text's longest length on each chosen network (X only when it has no variants). */
export function bodyCounts(values: AutoPostValues): { network: Network; count: TextCount }[] {
  return values.networks
    .filter((network) => network !== 'x' || values.xVariants.length === 0)
    .map((network) => {
      const length = textLength(network, longestNetworkText(values.body, values.link, values.utm));
      return { network, count: { length, limit: textLimits[network], over: length > textLimits[network] } };
    });
}

/** A new Auto-Post: nothing chosen, due at the next quarter hour at least an hour from now. */
export function emptyValues(
  zone: string,
  now = Date.now(),
  defaults: AutoPostDefaults = { xSpreadMinutes: 0, utm: true },
): AutoPostValues {
  const quarter = 15 * 60_000;
  const at = Math.ceil((now + 60 * 60_000) / quarter) * quarter;
  const { date, time } = toWallTime(at, zone);
  return {
    contentId: null,
    body: '',
    graphic: null,
    link: '',
    date,
    time,
    networks: [],
    xVariants: [],
    xSpreadMinutes: defaults.xSpreadMinutes,
    utm: defaults.utm,
  };
}

/** An existing Auto-Post as the form edits it, its time shown in the admin's zone. */
export function valuesFrom(autoPost: AutoPost, zone: string): AutoPostValues {
  const { date, time } = toWallTime(autoPost.scheduledAt, zone);
  return {
    contentId: autoPost.contentId,
    body: autoPost.body,
    graphic: autoPost.mediaId ? sharedGraphic(autoPost.mediaId, autoPost.mediaUrl) : null,
    link: autoPost.link ?? '',
    date,
    time,
    networks: autoPost.networks,
    xVariants: autoPost.xVariants,
    xSpreadMinutes: autoPost.xSpreadMinutes,
    utm: autoPost.utm,
  };
}

/** The instant the date and time name in `zone`, or null while either is missing or malformed. */
export function scheduledInstant(values: Pick<AutoPostValues, 'date' | 'time'>, zone: string): string | null {
  if (!values.date || !values.time) return null;
  try {
    return fromWallTime({ date: values.date, time: values.time }, zone).instant;
  } catch {
    return null;
  }
}

/** What POST/PUT /api/autoposts receive. X's variants and spread only go with X. */
export function toUpsert(values: AutoPostValues, zone: string): AutoPostUpsert {
  const onX = values.networks.includes('x');
  return {
    contentId: values.contentId,
    body: values.body,
    mediaId: values.graphic?.mediaId ?? null,
    link: values.link.trim() || null,
    networks: values.networks,
    xVariants: onX ? values.xVariants.map((v) => v.trim()) : [],
    xSpreadMinutes: onX ? (values.xSpreadMinutes ?? 0) : 0,
    scheduledAt: scheduledInstant(values, zone) ?? '',
    timeZone: zone,
    utm: values.utm,
  };
}

/**
 * Everything wrong with the values, in the contract's words where it has them: the contract's own
 * schema runs first (content, networks, distinct variants), then what each network would refuse.
 */
export function validate(values: AutoPostValues, zone: string, now = Date.now()): AutoPostErrors {
  const fields: AutoPostErrors['fields'] = {};
  const variants: (string | null)[] = values.xVariants.map(() => null);
  const onX = values.networks.includes('x');
  const set = (field: AutoPostField, message: string) => {
    fields[field] ??= message;
  };

  const instant = scheduledInstant(values, zone);
  if (!instant) set('when', messagesForForm.whenMissing);
  else if (Date.parse(instant) <= now) set('when', autoPostMessages.past);

  if (onX) {
    const seen = new Set<string>();
    values.xVariants.forEach((variant, index) => {
      const text = variant.trim();
      if (!text) variants[index] = messagesForForm.variantEmpty;
      else if (seen.has(text)) variants[index] = autoPostMessages.duplicateVariants;
      else if (xCount(variant, values.link, values.utm).over)
        variants[index] = textProblem('x', longestNetworkText(variant, values.link, values.utm), false);
      seen.add(text);
    });
  }

  const parsed = autoPostUpsert.safeParse(toUpsert(values, zone));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      if (field === 'body') set('body', issue.message);
      else if (field === 'networks') set('networks', issue.message);
      else if (field === 'link') set('link', libraryMessages.linkInvalid);
      else if (field === 'xSpreadMinutes') set('xSpreadMinutes', messagesForForm.spread);
      else if (field === 'xVariants' && typeof index === 'number') {
        variants[index] ??= issue.message;
      } else if (field === 'xVariants') {
        // The contract's "must be different" names no variant; the checks above marked the copies.
        if (!variants.some((v) => v !== null)) set('xVariants', issue.message);
      } else if (field !== 'scheduledAt' && field !== 'timeZone') set('body', issue.message);
    }
  }

  for (const network of values.networks) {
    // X posts one of the variants when there are any; those were counted above.
    if (network === 'x' && values.xVariants.length > 0) continue;
    const text = longestNetworkText(values.body, values.link, values.utm);
    // With an image assumed, the only problem left is the length.
    const tooLong = textProblem(network, text, true);
    if (tooLong) set('body', tooLong);
    // With no text, the only problem left is the missing image ("Instagram needs an image …").
    const noImage =
      imageRequired[network] && values.graphic === null ? textProblem(network, '', false) : null;
    if (noImage) set('graphic', noImage);
  }
  if (onX && values.xVariants.length > autoPostLimits.maxXVariants) {
    set('xVariants', `Add at most ${autoPostLimits.maxXVariants} caption variants.`);
  }
  return { fields, variants };
}

export function hasErrors(errors: AutoPostErrors): boolean {
  return Object.keys(errors.fields).length > 0 || errors.variants.some((v) => v !== null);
}
