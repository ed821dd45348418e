/**
 * Reading fast-xml-parser's and JSON Feed's raw values, whose shapes vary item to item: a field may
 * be a string, an element with attributes (`{ '#text', '@_type' }`), a list of either, or absent.
 */
export type Raw = Record<string, unknown>;

export const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field that may occur once or many times, as a list. */
export function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? (value as unknown[]) : [value];
}

/** The text of a value: a string or number as is, an element's text node, a list's first text. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    for (const element of value as unknown[]) {
      const text = textOf(element);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return isRecord(value) ? textOf(value['#text']) : undefined;
}

/** All the text inside an element tree (Atom's inline XHTML), attributes left out. */
export function deepText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return (value as unknown[]).map(deepText).join(' ');
  if (!isRecord(value)) return '';
  return Object.entries(value)
    .filter(([key]) => !key.startsWith('@_'))
    .map(([, child]) => deepText(child))
    .join(' ');
}

/** An XML attribute of an element (fast-xml-parser prefixes them with `@_`). */
export function attribute(element: unknown, name: string): string | undefined {
  return isRecord(element) ? textOf(element[`@_${name}`]) : undefined;
}

const MAX_URL_LENGTH = 2048;

/** An absolute http(s) URL from a possibly relative reference, or null for anything else. */
export function httpUrl(value: string | undefined, base: string | null): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = base ? new URL(trimmed, base) : new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.length <= MAX_URL_LENGTH ? url.href : null;
  } catch {
    return null;
  }
}

/** The name of a document's root element, past any XML declaration, comments and DOCTYPE. */
export function rootElement(text: string): string | null {
  const prolog = /^\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)\s*)*/i;
  const afterProlog = text.replace(/^\uFEFF/, '').replace(prolog, '');
  return /^<([A-Za-z_][\w.:-]*)/.exec(afterProlog)?.[1] ?? null;
}
