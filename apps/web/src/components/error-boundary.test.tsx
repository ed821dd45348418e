import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '@/app/lazy-page';
import { AppErrorBoundary } from './app-error-boundary';
import { RouteErrorBoundary } from './route-error-boundary';

function Exploding(): never {
  throw new Error('Kaboom in the calendar');
}

describe('error boundaries', () => {
  it("a route error shows 'Something went wrong.' with the details in a disclosure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', Component: Exploding, ErrorBoundary: RouteErrorBoundary },
    ]);
    render(<RouterProvider router={router} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong.' }),
    ).toBeInTheDocument();
    const summary = screen.getByText('Details');
    expect(summary.tagName).toBe('SUMMARY');
    expect(summary.closest('details')).toHaveTextContent('Kaboom in the calendar');
    await userEvent.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
  });

  it('a screen whose code fails to load reaches the boundary when nobody handles the event', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RouteErrorBoundary,
        HydrateFallback: () => null,
        lazy: lazyPage(
          () =>
            Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/calendar.js')),
          () => Exploding,
        ),
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch dynamically imported module/)).toBeInTheDocument();
  });

  it('the top-level boundary catches what the router does not', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Exploding />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText(/Kaboom in the calendar/)).toBeInTheDocument();
  });
});
