import { roleIds } from '@fitpost/contract';
import type { Db } from './client.js';
import { portals, roles } from './schema.js';

/** Rows every installation needs: the roles that decide access. Idempotent. */
export async function seedReferenceData(db: Db) {
  await db
    .insert(roles)
    .values([
      { id: roleIds.member, name: 'FitPost Member', description: 'May use FitPost' },
      {
        id: roleIds.admin,
        name: 'FitPost Admin',
        description: "Manages the portal's content, users and reports",
      },
    ])
    .onConflictDoNothing();
}

/** The embedded demo's portals (members come from the sandbox SSO on first sign-in). Idempotent. */
export async function seedDemo(db: Db) {
  await db
    .insert(portals)
    .values([
      { id: 1, alias: 'fitpro', name: 'FitPro Academy' },
      { id: 2, alias: 'northside', name: 'Northside Fitness Guild' },
    ])
    .onConflictDoNothing();
}
