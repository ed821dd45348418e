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

applyBodyClasses();
registerModuleReloadListener();
if (import.meta.env.PROD) registerServiceWorker(import.meta.url);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
void prefetchOpenedScreen(window.location.pathname, queryClient);

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
