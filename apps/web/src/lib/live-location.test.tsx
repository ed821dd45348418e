import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLivePathname } from './live-location';

describe('useLivePathname', () => {
  it("reads where the router is now, even from a screen's render that is a step behind", async () => {
    const reads: (() => string | null)[] = [];
    function Screen() {
      reads.push(useLivePathname());
      return null;
    }
    const router = createMemoryRouter([{ path: '*', Component: Screen }], {
      initialEntries: ['/app/calendar'],
    });
    render(<RouterProvider router={router} />);
    const fromFirstRender = reads[0];
    expect(fromFirstRender?.()).toBe('/app/calendar');

    await router.navigate('/app/dashboard');
    // The reader handed out by the calendar's render now answers with the next page.
    expect(fromFirstRender?.()).toBe('/app/dashboard');
  });

  it('answers null outside a data router', () => {
    let read: (() => string | null) | undefined;
    function Loose() {
      read = useLivePathname();
      return null;
    }
    render(<Loose />);
    expect(read?.()).toBeNull();
  });
});
