import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { RichTextEditor } from './rich-text-editor';

// ProseMirror measures the selection; jsdom has no layout, so every rectangle is empty.
beforeAll(() => {
  const noRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = emptyRect;
  Element.prototype.getClientRects = noRects;
  document.elementFromPoint = () => null;
});

describe('announcement rich-text editor', () => {
  it('gives its HTML: typed text, bold from the toolbar, a bulleted list and a link', async () => {
    const changes: string[] = [];
    const user = userEvent.setup();
    render(<RichTextEditor label="Announcement" value="" onChange={(html) => changes.push(html)} />);
    const box = await screen.findByRole('textbox', { name: 'Announcement' });
    await user.click(box);
    await user.keyboard('Hello{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(changes.at(-1)).toBe('<p><strong>Hello</strong></p>'));
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(changes.at(-1)).toBe('<ul><li><p><strong>Hello</strong></p></li></ul>'));
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type(screen.getByRole('searchbox', { name: 'Link address' }), 'https://example.com{Enter}');
    await waitFor(() => expect(changes.at(-1)).toContain('href="https://example.com"'));
  });
});
