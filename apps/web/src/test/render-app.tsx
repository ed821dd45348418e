import type { UserInfo } from '@fitpost/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { browserAnnouncementStore } from '@/features/announcements/announcement-window';
import { routes } from '@/app/router';
import { setFlag, setStoredUser, storageKeys } from '@/lib/session';

interface RenderAppOptions {
  user?: UserInfo;
  /** Leave the dashboard tour flag unset, so the tour shows. */
  tourDue?: boolean;
  /** Leave the announcement cookie window closed, so the shell asks for announcements. */
  announcementsDue?: boolean;
  strict?: boolean;
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders the real route table at `path`, with the app's providers and a fresh query client. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  if (options.user) setStoredUser(options.user);
  if (!options.tourDue) setFlag(storageKeys.tutorial);
  // Announcements: a window that never ends, unless the test is about them (then no cookie at all).
  if (options.announcementsDue) browserAnnouncementStore.writeCookie('', 0);
  else browserAnnouncementStore.writeCookie(String(8.64e15), 86_400);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const user = userEvent.setup(options.userEventOptions);
  const result = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, router, queryClient, user };
}

interface RenderScreenOptions {
  user?: UserInfo;
  /** Where the element is mounted (its route path, and the initial entry unless `at` is given). */
  path?: string;
  /** The URL opened, for a path with parameters (`/app/preview/content/<id>` for `…/:id`). */
  at?: string;
  /** The initial entry's router state (what a navigation hands over). */
  state?: unknown;
  /** Further routes, to see where the screen navigates. */
  routes?: { path: string; element: ReactElement }[];
  strict?: boolean;
}

/**
 * Renders one component on its own route, with the app's providers but without the signed-in shell.
 * For screens whose tests query a lot by role: jsdom resolves inherited styles through every ancestor,
 * and inside the shell (antd Layout, Tabs, each declaring its CSS variables) a role query over a table
 * takes seconds per element.
 */
export function renderScreen(element: ReactElement, options: RenderScreenOptions = {}) {
  if (options.user) setStoredUser(options.user);
  const path = options.path ?? '/';
  const router = createMemoryRouter([{ path, element }, ...(options.routes ?? [])], {
    initialEntries: [
      options.state === undefined
        ? (options.at ?? path)
        : { pathname: options.at ?? path, state: options.state },
    ],
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const user = userEvent.setup();
  const result = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, router, queryClient, user };
}
