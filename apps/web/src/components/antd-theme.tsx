import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { reducedMotionQuery, useMediaQuery } from '@/lib/media-query';

/** FitPost's dark blue; white text on it has a contrast ratio of about 10.7:1. */
const primaryColor = '#1d3c78';

/** Secondary text darkened from antd's 45% black (3.4:1) to 60% (5.7:1) so it passes WCAG AA. */
const secondaryText = 'rgba(0, 0, 0, 0.6)';

/** antd's red (#ff4d4f, 3.3:1 on white) fails AA for error text and danger buttons; red-7 is 5.9:1. */
const errorColor = '#cf1322';

const theme: ThemeConfig = {
  token: {
    colorPrimary: primaryColor,
    colorLink: primaryColor,
    colorInfo: primaryColor,
    colorTextTertiary: secondaryText,
    colorTextDescription: secondaryText,
    // Placeholders such as a Select's "All roles" are real text that people must be able to read.
    colorTextPlaceholder: secondaryText,
    colorError: errorColor,
    borderRadius: 6,
  },
};

/**
 * antd's theme (FitPost's colours) and locale for what is drawn inside. Not at the app's root: the
 * shell and the dashboard are drawn without antd, and each screen that uses antd brings this with
 * its own code (app/lazy-screen.tsx), so antd loads with the first screen that needs it.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  // A member whose system asks for less motion gets dialogs, menus and messages without animation.
  const reducedMotion = useMediaQuery(reducedMotionQuery);
  const mergedTheme = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider theme={mergedTheme} locale={enUS}>
      {children}
    </ConfigProvider>
  );
}

/** `Part` drawn inside `AntdTheme`: how a lazily loaded part that uses antd is given its theme. */
export function withAntdTheme<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  return function Themed(props: P) {
    return (
      <AntdTheme>
        <Part {...props} />
      </AntdTheme>
    );
  };
}
