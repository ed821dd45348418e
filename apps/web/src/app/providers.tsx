import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/app-error-boundary';

/**
 * Everything a screen may rely on: the error boundary and react-query. antd's theme is not here:
 * each screen that draws antd components brings it (`AntdTheme`, app/lazy-screen.tsx), so the
 * shell and the dashboard start without antd.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppErrorBoundary>
  );
}
