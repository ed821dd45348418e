import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/app-error-boundary';
import { theme } from './theme';

/** Everything a screen may rely on: the error boundary, antd's theme and locale, react-query. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <ConfigProvider theme={theme} locale={enUS}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </AppErrorBoundary>
  );
}
