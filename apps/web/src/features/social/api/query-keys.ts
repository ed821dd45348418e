/** React-query keys of the social feature. */
export const socialKeys = {
  all: ['social'] as const,
  connections: ['social', 'connections'] as const,
};
