/** The four social networks the sandbox stands in for; Facebook and Instagram share the Graph host. */
export const NETWORKS = ['x', 'linkedin', 'facebook', 'instagram'] as const;
export type NetworkName = (typeof NETWORKS)[number];
