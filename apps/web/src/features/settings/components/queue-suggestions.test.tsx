import { suggestedQueueSlots, type QueueSlots, type QueueSuggestions } from '@fitpost/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { QueueSlotsEditor } from './queue-slots-editor';

const user = makeUser({ properties: [{ name: 'timeZone', value: 'America/Chicago' }] });
const week: QueueSlots = {
  timeZone: 'America/Chicago',
  slots: [{ weekday: 1, time: '09:00' }],
  isDefault: false,
  nextFree: '2026-11-30T15:00:00.000Z',
};
const mine: QueueSuggestions = {
  basis: 'mine',
  posts: 34,
  timeZone: 'America/Chicago',
  slots: [
    { day: 2, time: '10:00', network: 'x', score: 2.15 },
    { day: 4, time: '18:00', network: 'x', score: 0.35 },
    { day: 2, time: '10:00', network: 'linkedin', score: 1.5 },
  ],
};

/** The slots route, answering each PUT with what it was sent, and the suggestions. */
function serve(suggestions: QueueSuggestions | null, start: QueueSlots = week) {
  const puts: unknown[] = [];
  let saved = start;
  server.use(
    http.get('/api/queue/slots', () => HttpResponse.json(saved)),
    http.put('/api/queue/slots', async ({ request }) => {
      const body = (await request.json()) as { slots: QueueSlots['slots'] };
      puts.push(body);
      saved = { ...saved, slots: body.slots };
      return HttpResponse.json(saved);
    }),
    http.delete('/api/queue/slots', () => {
      puts.push('DELETE');
      saved = start;
      return HttpResponse.json(saved);
    }),
    http.get('/api/queue/suggestions', () =>
      suggestions
        ? HttpResponse.json(suggestions)
        : HttpResponse.json(
            { error: { code: 'internal', message: 'Something went wrong.' } },
            { status: 500 },
          ),
    ),
  );
  return puts;
}

const panel = async () => within(await screen.findByRole('complementary', { name: 'Suggested Times' }));
const week$ = () => screen.getByRole('list', { name: 'Your posting times' });

describe('System Settings → Posting Queue: suggested times', () => {
  it('shows the member’s own best hours per network and says they come from their 34 posts', async () => {
    serve(mine);
    renderScreen(<QueueSlotsEditor />, { user });
    const aside = await panel();
    expect(await aside.findByTestId('queue-suggestions-basis')).toHaveTextContent(/^From your 34 posts:/);
    const x = aside.getByText('X').nextElementSibling as HTMLElement;
    expect(
      within(x)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tuesday 10:00 AM · 2.2× an average hour', 'Thursday 6:00 PM · 0.4× an average hour']);
    expect(aside.getByText('LinkedIn')).toBeInTheDocument();
  });

  it('Use suggested times replaces the week in one save, and Reset puts the week back', async () => {
    const puts = serve(mine);
    const { user: clicker } = renderScreen(<QueueSlotsEditor />, { user });
    const aside = await panel();
    expect(aside.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    await clicker.click(await aside.findByRole('button', { name: 'Use suggested times' }));

    expect(await screen.findByText('Your week now has the suggested times.')).toBeInTheDocument();
    // Each day and hour once, whatever the network.
    expect(puts).toEqual([{ slots: suggestedQueueSlots(mine.slots) }]);
    expect(puts).toEqual([
      {
        slots: [
          { weekday: 2, time: '10:00' },
          { weekday: 4, time: '18:00' },
        ],
      },
    ]);
    expect(within(week$()).getByRole('button', { name: 'Remove Tuesday 10:00 AM' })).toBeInTheDocument();

    await clicker.click(aside.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Your posting times are back as they were.')).toBeInTheDocument();
    expect(puts[1]).toEqual({ slots: week.slots });
    expect(within(week$()).getByRole('button', { name: 'Remove Monday 9:00 AM' })).toBeInTheDocument();
    expect(aside.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
  });

  it("Reset after FitPost's suggested week forgets the saved one, so the suggested week applies again", async () => {
    const puts = serve(mine, { ...week, isDefault: true });
    const { user: clicker } = renderScreen(<QueueSlotsEditor />, { user });
    const aside = await panel();
    await clicker.click(await aside.findByRole('button', { name: 'Use suggested times' }));
    await clicker.click(await aside.findByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Your posting times are back as they were.')).toBeInTheDocument();
    expect(puts).toEqual([{ slots: suggestedQueueSlots(mine.slots) }, 'DELETE']);
  });

  it("is honest about the basis: the organization's posts, or FitPost's defaults (no score)", async () => {
    serve({ ...mine, basis: 'organisation', posts: 120 });
    const first = renderScreen(<QueueSlotsEditor />, { user });
    expect(await (await panel()).findByTestId('queue-suggestions-basis')).toHaveTextContent(
      /^From your organization's posts:/,
    );
    first.unmount();

    serve({
      basis: 'default',
      posts: 0,
      timeZone: 'America/Chicago',
      slots: [{ day: 2, time: '09:00', network: 'x', score: null }],
    });
    renderScreen(<QueueSlotsEditor />, { user });
    const aside = await panel();
    expect(await aside.findByTestId('queue-suggestions-basis')).toHaveTextContent(/^Suggested defaults:/);
    expect(aside.getByRole('listitem')).toHaveTextContent(/^Tuesday 9:00 AM$/);
  });

  it('says when the suggestions could not be loaded, and the week still works', async () => {
    serve(null);
    renderScreen(<QueueSlotsEditor />, { user });
    const aside = await panel();
    expect(await aside.findByRole('alert')).toHaveTextContent('Suggested times could not be loaded.');
    expect(aside.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(week$()).getByRole('button', { name: 'Remove Monday 9:00 AM' })).toBeInTheDocument();
  });
});
