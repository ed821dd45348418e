import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlainButton, PlainTag } from './plain-controls';

describe('PlainButton', () => {
  it('is a button named by its text, of the given kind, that clicks', async () => {
    const onClick = vi.fn();
    render(
      <PlainButton variant="primary" onClick={onClick}>
        Schedule Post
      </PlainButton>,
    );
    const button = screen.getByRole('button', { name: 'Schedule Post' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('plain-btn', 'plain-btn-primary');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading, keeps its name and enabled state but ignores clicks (as antd’s loading button)', async () => {
    const onClick = vi.fn();
    render(
      <PlainButton loading onClick={onClick}>
        Add to Queue
      </PlainButton>,
    );
    const button = screen.getByRole('button', { name: 'Add to Queue' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('with only an icon is square and named by its label', () => {
    render(<PlainButton icon={<span aria-hidden="true">×</span>} aria-label="Close" />);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveClass('plain-btn-icon-only');
  });
});

describe('PlainTag', () => {
  it('is text in a tag, with the colour and class asked for', () => {
    render(
      <PlainTag color="blue" className="tag-warning">
        Recommended
      </PlainTag>,
    );
    expect(screen.getByText('Recommended')).toHaveClass('plain-tag', 'plain-tag-blue', 'tag-warning');
  });
});
