import { describe, expect, it } from 'vitest';
import { tourStops } from './sidebar-tour-panel';

describe('the getting-started tour’s steps (issue 26)', () => {
  const titles = (connected: boolean, posted: boolean) =>
    tourStops({ connected, posted }).map((s) => s.title);

  it('skips the steps the member has done', () => {
    expect(titles(false, false)).toEqual([
      'Connect your accounts',
      'Pick a post from the library',
      'Add it to your queue',
    ]);
    expect(titles(true, false)).toEqual(['Pick a post from the library', 'Add it to your queue']);
    expect(titles(false, true)).toEqual(['Connect your accounts']);
  });

  it('has nothing to show once every step is done', () => {
    expect(titles(true, true)).toEqual([]);
  });
});
