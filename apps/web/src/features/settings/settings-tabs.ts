/** Values of /app/settings?tab=…, so other screens (e.g. Welcome) can link to one tab. */
export const settingsTabs = {
  social: 'social-platforms',
  system: 'system-settings',
  feeds: 'content-feeds',
  help: 'help',
} as const;
