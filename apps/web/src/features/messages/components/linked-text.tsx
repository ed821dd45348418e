import type { ReactNode } from 'react';

/** http(s) addresses in running text; a trailing full stop, comma or bracket stays text. */
const addressPattern = /https?:\/\/[^\s<>"]+/g;
const trailing = /[.,;:!?)\]}'"]+$/;

/** Splits plain text into text and the addresses in it, each address checked as a URL. */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(addressPattern)) {
    const raw = match[0];
    const address = raw.replace(trailing, '');
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(address).protocol);
    } catch {
      valid = false;
    }
    if (!valid) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: address, href: address });
    last = match.index + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A message's plain text as React text (never as HTML, so markup in it stays markup-as-text), with
 * its http(s) addresses made links that open in a new tab. Line breaks are kept by CSS.
 */
export function LinkedText({ text }: { text: string }): ReactNode {
  return (
    <p className="message-text">
      {splitLinks(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
