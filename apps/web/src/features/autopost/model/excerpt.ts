/** The first words of an Auto-Post's text for a list row (whole characters, never half an emoji). */
export function excerpt(body: string, max = 90): string {
  const chars = Array.from(body.trim().replace(/\s+/g, ' '));
  if (chars.length === 0) return '(graphic only)';
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
