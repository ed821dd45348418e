import type { ThemeConfig } from 'antd';

/** FitPost's dark blue; white text on it has a contrast ratio of about 10.7:1. */
const primaryColor = '#1d3c78';

/** Secondary text darkened from antd's 45% black (3.4:1) to 60% (5.7:1) so it passes WCAG AA. */
const secondaryText = 'rgba(0, 0, 0, 0.6)';

/** antd's red (#ff4d4f, 3.3:1 on white) fails AA for error text and danger buttons; red-7 is 5.9:1. */
const errorColor = '#cf1322';

export const theme: ThemeConfig = {
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
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6fa', headerPadding: '0 16px' },
  },
};
