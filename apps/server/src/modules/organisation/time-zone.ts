import { isTimeZoneName, timeZoneProperty } from '@fitpost/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userProperties, users } from '../../db/schema.js';
import { settingsOf } from './service.js';

/**
 * Which zone a member's days and times are read in, decided here only: the member's own (System
 * Settings), else their organisation's default (Administration Settings), else the deployment's
 * (FITPOST_TIME_ZONE). The posting queue and the reports both ask this.
 */
export async function memberZone(db: Db, userId: string, deploymentZone: string): Promise<string> {
  const [row] = await db
    .select({ value: userProperties.value })
    .from(userProperties)
    .where(and(eq(userProperties.userId, userId), eq(userProperties.name, timeZoneProperty)));
  if (row && isTimeZoneName(row.value)) return row.value;
  const [user] = await db.select({ portalId: users.portalId }).from(users).where(eq(users.id, userId));
  const organisation = user ? (await settingsOf(db, user.portalId)).defaultTimeZone : null;
  return organisation && isTimeZoneName(organisation) ? organisation : deploymentZone;
}
