import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { useMemo, type ReactNode } from 'react';
import { AppErrorBoundary } from '@/components/app-error-boundary';
import { reducedMotionQuery, useMediaQuery } from '@/lib/media-query';
import { theme } from './theme';

/** Everything a screen may rely on: the error boundary, antd's theme and locale, react-query. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // A member whose system asks for less motion gets dialogs, menus and messages without animation.
  const reducedMotion = useMediaQuery(reducedMotionQuery);
  const mergedTheme = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <AppErrorBoundary>
      <ConfigProvider theme={mergedTheme} locale={enUS}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </AppErrorBoundary>
  );
}
