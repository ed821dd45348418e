import type { Network } from './names.js';

// The WHATWG URL class of Node and browsers; the contract compiles without either's type library.
interface Url {
  protocol: string;
  searchParams: { has(key: string): boolean; set(key: string, value: string): void };
  toString(): string;
}
declare const URL: new (input: string) => Url;

// Merge fields (issue 15): an Auto-Post's caption says `{first_name}` or `{business_name|my studio}`
// and each member's post carries their own details. One filler, shared by the server (fan-out,
// preview, validation) and the web app (the form's menu and counters).

/** The fields an Auto-Post caption may use, in the order the form's menu offers them. */
export const mergeFieldNames = [
  'first_name',
  'full_name',
  'business_name',
  'city',
  'booking_link',
  'sign_off',
] as const;
export type MergeFieldName = (typeof mergeFieldNames)[number];

/** A member's values for the fields; a missing or blank value uses the fallback, or drops the field. */
export type MergeValues = Partial<Record<MergeFieldName, string | null>>;

/**
 * The most characters a member's value may have, as every network counts it (UTF-16 units, and X's
 * weighted count): the member's details are refused past it, and values from elsewhere (the name
 * the sign-in gave) are cut to it. So the longest text any member could get is known in advance.
 */
export const mergeFieldMaxLength: Record<MergeFieldName, number> = {
  first_name: 50,
  full_name: 50,
  business_name: 60,
  city: 40,
  booking_link: 200,
  sign_off: 60,
};

/** What the menu and the settings screen call each field. */
export const mergeFieldLabels: Record<MergeFieldName, string> = {
  first_name: 'First name',
  full_name: 'Full name',
  business_name: 'Business name',
  city: 'City',
  booking_link: 'Booking link',
  sign_off: 'Sign-off',
};

/** `{name}` or `{name|fallback}`; anything else in braces (`{ }`, `{5 reps}`) is the author's own text. */
const fieldPattern = /\{([A-Za-z_][A-Za-z0-9_]*)(?:\|([^{}\n]*))?\}/g;

const isFieldName = (name: string): name is MergeFieldName =>
  (mergeFieldNames as readonly string[]).includes(name);

/** The field names in `template` that FitPost does not know, each once, in order of appearance. */
export function unknownMergeFields(template: string): string[] {
  const unknown = [...template.matchAll(fieldPattern)].map((m) => m[1] ?? '').filter((n) => !isFieldName(n));
  return [...new Set(unknown)];
}

/** The message an unknown field gets when an Auto-Post is saved. */
export function unknownMergeFieldMessage(names: readonly string[]): string {
  const list = names.map((n) => `{${n}}`).join(', ');
  const known = mergeFieldNames.map((n) => `{${n}}`).join(', ');
  return `Unknown merge field ${list}. Use one of ${known}.`;
}

/** The known fields `template` uses, each once. */
export function mergeFieldsUsed(template: string): MergeFieldName[] {
  return [...new Set([...template.matchAll(fieldPattern)].map((m) => m[1] ?? '').filter(isFieldName))];
}

/** Whether `template` uses any merge field at all. */
export function hasMergeFields(template: string): boolean {
  return mergeFieldsUsed(template).length > 0;
}

// Where a field with no value and no fallback stood. NUL never reaches here: every text FitPost
// accepts refuses it, and values are cleaned of it below.
const GAP = '\u0000';

/** Words that only lead into what follows them ("from {city}"): a dropped field takes them along. */
const leadInWords = ['from', 'in', 'at', 'near', 'with', 'by', 'for', 'to', 'of', 'on', 'via'];

/**
 * Tidies the text around dropped fields so the sentence reads as if it never had them: the words
 * leading into the field go with it (a preposition, "from {city}"; a label that ends its line,
 * "Book: {booking_link}"), and then no doubled spaces, no space before punctuation, no dangling
 * comma ("Thanks, {first_name}!" → "Thanks!"), no empty brackets, no line left empty by the field.
 */
function closeGaps(text: string): string {
  /* eslint-disable no-control-regex -- the gap mark is NUL */
  const rules: [RegExp, string][] = [
    [/\u0000(?:[ \t]*\u0000)+/g, GAP],
    [new RegExp(`(^|[ \\t(])(?:${leadInWords.join('|')})[ \\t]+\u0000`, 'gi'), '$1\u0000'],
    [/(^|\n|[.!?,;])[^\n.!?:,;]{1,40}:[ \t]*\u0000(?=[ \t]*(?:[.!?][ \t]*)?(?:\n|$))/g, '$1\u0000'],
    [/\n\u0000(?=\n|$)/g, ''],
    [/^\u0000\n/g, ''],
    [/[ \t]*\([ \t]*\u0000[ \t]*\)/g, GAP],
    [/(^|\n)[ \t]*\u0000[ \t]*(?:[,;:][ \t]*)?/g, '$1'],
    [/[ \t]*(?:[,;:][ \t]*)?\u0000[ \t]*([.!?])/g, '$1'],
    [/[ \t]*\u0000[ \t]*([,;:)])/g, '$1'],
    [/[ \t]+\u0000[ \t]+/g, ' '],
    [/[ \t]*(?:[,;:][ \t]*)?\u0000[ \t]*(?=\n|$)/g, ''],
  ];
  /* eslint-enable no-control-regex */
  let out = text;
  for (let previous = ''; previous !== out;) {
    previous = out;
    for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  }
  return out.replaceAll(GAP, '');
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what is removed
const clean = (value: string | null | undefined) => (value ?? '').replace(/\u0000/g, '').trim();

/**
 * Fills `template` with one member's values in a single pass: a member's own `{` or `}` is never
 * read as a field. A blank value takes the field's fallback; with none, the field is dropped and
 * the sentence closed around it. Unknown fields are left as written (saving refuses them first).
 */
export function fillMergeFields(template: string, values: MergeValues): string {
  let dropped = false;
  const filled = template.replace(fieldPattern, (whole, name: string, fallback: string | undefined) => {
    if (!isFieldName(name)) return whole;
    const value = clean(values[name]) || clean(fallback);
    if (value) return value;
    dropped = true;
    return GAP;
  });
  return dropped ? closeGaps(filled) : filled;
}

/** The known fields `template` uses somewhere without a fallback, each once, in menu order. */
export function mergeFieldsWithoutFallback(template: string): MergeFieldName[] {
  const bare = new Set(
    [...template.matchAll(fieldPattern)].filter((m) => !clean(m[2])).map((m) => m[1] ?? ''),
  );
  return mergeFieldNames.filter((name) => bare.has(name));
}

/** `template` with `fallback` given to every `{name}` that has none: `{city}` → `{city|near you}`. */
export function addMergeFallback(template: string, name: MergeFieldName, fallback: string): string {
  const words = fallback.replace(/[{}|\s]+/g, ' ').trim();
  if (!words) return template;
  return template.replace(fieldPattern, (whole, field: string, own: string | undefined) =>
    field === name && !clean(own) ? `{${name}|${words}}` : whole,
  );
}

/**
 * The sentences of `template` that use `{name}` as a member without it reads them (the field and its
 * lead-in words dropped); the other fields stay as written. For the form's warning.
 */
export function readsWithout(template: string, name: MergeFieldName): string {
  const others = Object.fromEntries(mergeFieldNames.map((n) => [n, n === name ? '' : `{${n}}`]));
  return template
    .split(/(?<=[.!?])[ \t]+|\n/)
    .filter((sentence) => [...sentence.matchAll(fieldPattern)].some((m) => m[1] === name && !clean(m[2])))
    .map((sentence) => fillMergeFields(sentence, others))
    .join(' ');
}

/** A value as long as a field may be: plain letters (1 each everywhere) or, for the link, a URL. */
function longestValue(name: MergeFieldName): string {
  const max = mergeFieldMaxLength[name];
  // `.com`: X recognises (and counts as 23) only links with a top-level domain it knows.
  if (name === 'booking_link') return `https://a.com/${'a'.repeat(max - 'https://a.com/'.length)}`;
  return 'a'.repeat(max);
}

/**
 * The longest text any member could get from `template`: every field at its longest value, or its
 * fallback where that is longer. Count it with the network's own counting (platform-rules'
 * `textLength`) so no member's post is refused for length when it is sent.
 */
export function longestMergeText(template: string): string {
  return template.replace(fieldPattern, (whole, name: string, fallback: string | undefined) => {
    if (!isFieldName(name)) return whole;
    const longest = longestValue(name);
    const other = clean(fallback);
    return other.length > longest.length ? other : longest;
  });
}

/** Link tracking (UTM) added to an Auto-Post's link for one member's post on one network. */
export interface UtmTags {
  network: Network;
  /** The Auto-Post's id. */
  campaign: string;
  /** The member's id, hashed (the server's `memberUtmContent`). */
  content: string;
}

/** Characters of the hashed member id in `utm_content`. */
export const utmContentLength = 16;

/**
 * `link` with `utm_source` (the network), `utm_medium=social`, `utm_campaign` and `utm_content`;
 * parameters the admin already put in the link are kept as written. A link that is not a URL is
 * returned unchanged.
 */
export function withUtm(link: string, tags: UtmTags): string {
  let url: Url;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  const params: [string, string][] = [
    ['utm_source', tags.network],
    ['utm_medium', 'social'],
    ['utm_campaign', tags.campaign],
    ['utm_content', tags.content],
  ];
  for (const [key, value] of params) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

/** The longest form `link` takes with UTM tags on any network, for counting before the Auto-Post exists. */
export function longestUtmLink(link: string): string {
  return withUtm(link, {
    network: 'instagram',
    campaign: '00000000-0000-0000-0000-000000000000',
    content: 'f'.repeat(utmContentLength),
  });
}

// ---------------------------------------------------------------------------------------------
// The member's details (System Settings → 'My details for Auto-Posts'), kept as their properties
// (spec §7 PUT /api/user/{id}/properties), one property per detail.

export const memberDetailProperties = {
  displayName: 'autoPost.displayName',
  businessName: 'autoPost.businessName',
  city: 'autoPost.city',
  bookingLink: 'autoPost.bookingLink',
  signOff: 'autoPost.signOff',
} as const;
export type MemberDetail = keyof typeof memberDetailProperties;

/** What each detail is called (System Settings, the admin's user drawer). */
export const memberDetailLabels: Record<MemberDetail, string> = {
  displayName: 'Display name',
  businessName: 'Business name',
  city: 'City',
  bookingLink: 'Booking link',
  signOff: 'Sign-off',
};

/** The field each detail fills (the display name also gives `{first_name}`). */
const detailField: Record<MemberDetail, MergeFieldName> = {
  displayName: 'full_name',
  businessName: 'business_name',
  city: 'city',
  bookingLink: 'booking_link',
  signOff: 'sign_off',
};

/** The longest a detail may be (characters, and X's weighted count; the server checks both). */
export const memberDetailMaxLength = (detail: MemberDetail) => mergeFieldMaxLength[detailField[detail]];

const detailByProperty = new Map<string, MemberDetail>(
  Object.entries(memberDetailProperties).map(([detail, property]) => [property, detail as MemberDetail]),
);

/** The detail a property name holds, if it is one. */
export const memberDetailOf = (property: string) => detailByProperty.get(property);

/** What is wrong with a detail's value ('' clears it), in the member's words; null when it is fine. */
export function memberDetailProblem(detail: MemberDetail, value: string): string | null {
  const max = memberDetailMaxLength(detail);
  if (value.length > max) return `Use at most ${max} characters.`;
  if (detail === 'bookingLink' && value !== '') {
    let url: Url | null = null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol) || value.trim() !== value || /\s/.test(value))
      return 'Enter a web address starting with https:// or http://.';
  }
  return null;
}

/** Cuts a value to `max` UTF-16 units without splitting a character. */
function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  let out = '';
  for (const ch of value) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out.trim();
}

/**
 * A member's merge values from their properties; the display name defaults to `ssoName` (the name
 * the organisation's sign-in gave), and `{first_name}` is its first word. Values are cut to the
 * fields' limits (the sign-in name is not checked when it arrives).
 */
export function memberMergeValues(
  properties: readonly { name: string; value: string }[],
  ssoName: string,
): Record<MergeFieldName, string> {
  const detail = (d: MemberDetail) =>
    clean(properties.find((p) => p.name === memberDetailProperties[d])?.value);
  const fullName = clip(detail('displayName') || clean(ssoName), mergeFieldMaxLength.full_name);
  return {
    first_name: clip(fullName.split(/\s+/u)[0] ?? '', mergeFieldMaxLength.first_name),
    full_name: fullName,
    business_name: clip(detail('businessName'), mergeFieldMaxLength.business_name),
    city: clip(detail('city'), mergeFieldMaxLength.city),
    booking_link: clip(detail('bookingLink'), mergeFieldMaxLength.booking_link),
    sign_off: clip(detail('signOff'), mergeFieldMaxLength.sign_off),
  };
}
