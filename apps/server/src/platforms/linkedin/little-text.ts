/**
 * Posts API commentary is "little" text: `\ | { } @ [ ] ( ) < > # * _ ~` are markup and must be escaped
 * with a backslash to show as typed ("Little Text Format"); unescaped, LinkedIn may cut the post short.
 * Links are left alone (they must stay clickable), and so is a # that starts a hashtag.
 */
export function toLittleText(text: string): string {
  return text
    .split(/(https?:\/\/\S+)/g)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/[\\|{}@[\]()<>#*_~]/g, (c, offset: number) =>
            c === '#' && /[\p{L}\p{N}]/u.test(part.charAt(offset + 1)) ? c : `\\${c}`,
          ),
    )
    .join('');
}

/** The text of a post read back from the Posts API, escapes removed. */
export function fromLittleText(text: string): string {
  return text.replace(/\\([\\|{}@[\]()<>#*_~])/g, '$1');
}
