import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NestedRouteErrorBoundary } from '@/components/route-error-boundary';
import { lazyScreen } from './lazy-screen';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Calendar() {
  return <h1>Calendar</h1>;
}

describe('lazyScreen', () => {
  it("draws the screen's title and a skeleton at once, then the screen when its code arrives", async () => {
    const code = deferred<{ CalendarRoute: typeof Calendar }>();
    const Screen = lazyScreen(
      () => code.promise,
      (m) => m.CalendarRoute,
    );
    const router = createMemoryRouter([{ path: '/', handle: { title: 'Calendar' }, Component: Screen }]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => {
      code.resolve({ CalendarRoute: Calendar });
      await code.promise;
    });
    // antd's theme, which loads beside the screen's code, may still be on its way.
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
  });

  it('offline, says the screen needs a connection and loads it again once back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let attempts = 0;
    const Screen = lazyScreen(
      () => {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : Promise.resolve({ CalendarRoute: Calendar });
      },
      (m) => m.CalendarRoute,
    );
    const router = createMemoryRouter([
      {
        path: '/',
        handle: { title: 'Calendar' },
        Component: Screen,
        ErrorBoundary: NestedRouteErrorBoundary,
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('has not been opened on this device yet');
    expect(screen.getByRole('button', { name: 'Waiting for a connection…' })).toBeDisabled();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await act(async () => {
      screen.getByRole('button', { name: 'Try again' }).click();
      await Promise.resolve();
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
