import 'antd/dist/reset.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
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

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
