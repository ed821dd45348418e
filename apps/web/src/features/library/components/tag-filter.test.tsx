import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeTag } from '../testing';
import { TagFilter } from './tag-filter';

const squats = makeTag();
const mobility = makeTag({ id: 'a0000000-0000-4000-8000-000000000002', name: 'Mobility' });
const many = Array.from({ length: 8 }, (_, i) =>
  makeTag({ id: `a0000000-0000-4000-8000-00000000001${i}`, name: `Tag ${i}` }),
);

function Harness({ tags = [squats, mobility], initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return <TagFilter tags={tags} loading={false} value={value} onChange={setValue} />;
}

describe('TagFilter', () => {
  it('shows the chosen tags on its button, ticked in its list; Escape closes the list and returns focus', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[mobility.id]} />);
    const button = screen.getByRole('button', { name: 'Tags: Mobility' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Tags' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mobility' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Squats' }));
    expect(screen.getByRole('button', { name: 'Tags: Squats, Mobility' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Mobility' }));
    expect(screen.getByRole('button', { name: 'Tags: Squats' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("says 'Any tag' when none is chosen, and finds a tag by name once there are eight", async () => {
    const user = userEvent.setup();
    render(<Harness tags={many} />);
    await user.click(screen.getByRole('button', { name: 'Tags: Any tag' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(8);
    await user.type(screen.getByRole('searchbox', { name: 'Find a tag' }), '3');
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Tag 3',
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Find a tag' }), 'x');
    expect(screen.getByText('No tags')).toBeInTheDocument();
  });
});
