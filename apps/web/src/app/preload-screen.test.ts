import { expect, it, vi } from 'vitest';
import { preloadScreen } from './preload-screen';

// Records which screens' code was asked for: a mocked module's factory runs when it is first imported.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('@/features/library/routes/brands', () => {
  loaded.add('brands');
  return { BrandsRoute: () => null };
});
vi.mock('@/features/calendar/routes/calendar', () => {
  loaded.add('calendar');
  return { CalendarRoute: () => null };
});

it('loads the code of the screen a menu link leads to, and of no other screen', async () => {
  preloadScreen('/app/brands');
  await vi.waitFor(() => expect(loaded).toContain('brands'));
  expect(loaded).not.toContain('calendar');
});
