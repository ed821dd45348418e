import 'antd/dist/reset.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { prefetchOpenedScreen } from './app/startup-prefetch';
import { createAppRouter } from './app/router';
import { registerModuleReloadListener } from './lib/module-load';
import { applyBodyClasses } from './lib/platform';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import { getStoredUser } from './lib/session';
import { memberTimeZone } from './lib/zoned-time';

applyBodyClasses();
registerModuleReloadListener();
if (import.meta.env.PROD) registerServiceWorker(import.meta.url);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
void prefetchOpenedScreen(window.location.pathname, queryClient);
// The browser's first time-zone lookup loads its date data (20–30 ms on a desktop, four times that
// on a phone); every later one is cheap. Done here, before the first paint, it only delays that
// paint a little; left to the first list that shows a time, it is a long task in the middle of
// drawing the screen, when the member may already be tapping (docs/benchmarks.md, issue 27).
memberTimeZone(getStoredUser());

const root = createRoot(container);
// A transition: React draws the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of one task that blocks input for the whole first render.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
});
