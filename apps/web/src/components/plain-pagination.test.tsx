import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageItems, PlainPagination } from './plain-pagination';

describe('pageItems', () => {
  it('lists every page up to 9, then the first, the last and two either side with jumps between', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ahead', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'back', 8, 9, 10, 11, 12, 'ahead', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'back', 16, 17, 18, 19, 20]);
  });
});

describe('PlainPagination', () => {
  it('marks the current page, goes to a page, and has no previous page on the first', async () => {
    const onChange = vi.fn();
    render(<PlainPagination current={1} pageSize={24} total={50} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous Page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('jumps five pages from a gap, never past the last', async () => {
    const onChange = vi.fn();
    render(<PlainPagination current={16} pageSize={10} total={200} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next 5 Pages' }));
    expect(onChange).toHaveBeenLastCalledWith(20);
    await userEvent.click(screen.getByRole('button', { name: 'Previous 5 Pages' }));
    expect(onChange).toHaveBeenLastCalledWith(11);
  });
});
