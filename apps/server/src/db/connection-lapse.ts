import { sql } from 'drizzle-orm';
import { socialConnections } from './schema.js';

/**
 * When the connection stops working without the member: a LinkedIn connection with a refresh
 * token lives until the refresh token lapses (modules/social/credentials.ts refreshes the access token on its
 * own), any other connection until its access token lapses. Null: no known expiry (X, Facebook
 * Pages).
 */
export const connectionLapse = sql<Date | null>`(case
  when ${socialConnections.network} = 'linkedin' and ${socialConnections.refreshToken} is not null then ${socialConnections.refreshExpiresAt}
  else ${socialConnections.accessExpiresAt} end)`;
