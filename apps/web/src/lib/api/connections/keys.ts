/**
 * React-query keys of the member's social connections, shared by Social Platforms (Settings) and the
 * composer's network picker; every change invalidates `connectionKeys.all`.
 */
export const connectionKeys = {
  all: ['connections'] as const,
  list: ['connections', 'list'] as const,
};
