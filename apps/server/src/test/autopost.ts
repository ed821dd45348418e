import { randomUUID } from 'node:crypto';
import { roleIds } from '@fitpost/contract';
import { createBulkAccounts } from '@fitpost/sandbox/testing';
import type { Db } from '../db/client.js';
import { portals, socialConnections, userRoles, users } from '../db/schema.js';
import type { TokenCipher } from '../lib/crypto.js';
import { tokenAad } from '../modules/social/connections.js';

type Network = 'x' | 'linkedin' | 'facebook';

export interface BulkMember {
  userId: string;
  /** The member's connections by network, with the sandbox account id each posts to. */
  connections: Partial<Record<Network, { id: string; accountId: string }>>;
}

/**
 * Members with FitPost access and real sandbox accounts on the given networks, connected and opted
 * in to Auto-Post since `optedInSince` — written in bulk, as thousands are needed for crash tests.
 */
export async function makeBulkMembers(
  deps: { db: Db; cipher: TokenCipher; sandboxUrl: string },
  opts: { count: number; portalId?: number; networks: Network[]; optedIn?: boolean; optedInSince?: Date },
): Promise<BulkMember[]> {
  const portalId = opts.portalId ?? 1;
  const prefix = `ap${randomUUID().slice(0, 8)}`;
  await deps.db
    .insert(portals)
    .values({ id: portalId, alias: `p${portalId}`, name: `Portal ${portalId}` })
    .onConflictDoNothing();
  const accounts = {
    x: opts.networks.includes('x')
      ? await createBulkAccounts(deps.sandboxUrl, { network: 'x', count: opts.count, prefix })
      : [],
    linkedin: opts.networks.includes('linkedin')
      ? await createBulkAccounts(deps.sandboxUrl, { network: 'linkedin', count: opts.count, prefix })
      : [],
    facebook: opts.networks.includes('facebook')
      ? await createBulkAccounts(deps.sandboxUrl, { network: 'facebook', count: opts.count, prefix })
      : [],
  };
  const members: BulkMember[] = [];
  for (let start = 0; start < opts.count; start += 500) {
    const size = Math.min(500, opts.count - start);
    const made = await deps.db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          portalId,
          email: `${prefix}.${start + i}@example.com`,
          fullName: `Member ${start + i}`,
        })),
      )
      .returning({ id: users.id });
    await deps.db.insert(userRoles).values(
      made.map((u) => ({
        userId: u.id,
        roleId: roleIds.member,
        source: 'admin' as const,
        startDate: new Date(Date.now() - 60_000),
      })),
    );
    const rows: (typeof socialConnections.$inferInsert)[] = [];
    made.forEach((u, i) => {
      const member: BulkMember = { userId: u.id, connections: {} };
      const n = start + i;
      const seal = (id: string, column: 'access' | 'secret', value: string) =>
        deps.cipher.encrypt(value, tokenAad({ portalId, id }, column));
      const base = (id: string) => ({
        id,
        portalId,
        userId: u.id,
        autoPost: opts.optedIn ?? true,
        autoPostSince: opts.optedIn === false ? null : (opts.optedInSince ?? new Date(Date.now() - 60_000)),
      });
      const x = accounts.x[n];
      if (x) {
        const id = randomUUID();
        rows.push({
          ...base(id),
          network: 'x',
          accountId: x.id,
          accountName: x.name,
          handle: x.username,
          accessToken: seal(id, 'access', x.oauthToken),
          tokenSecret: seal(id, 'secret', x.oauthTokenSecret),
        });
        member.connections.x = { id, accountId: x.id };
      }
      const li = accounts.linkedin[n];
      if (li) {
        const id = randomUUID();
        rows.push({
          ...base(id),
          network: 'linkedin',
          accountId: li.id,
          accountName: li.name,
          accessToken: seal(id, 'access', li.accessToken),
        });
        member.connections.linkedin = { id, accountId: li.id };
      }
      const fb = accounts.facebook[n];
      if (fb) {
        const id = randomUUID();
        rows.push({
          ...base(id),
          network: 'facebook',
          accountId: fb.id,
          accountName: fb.name,
          accessToken: seal(id, 'access', fb.pageAccessToken),
        });
        member.connections.facebook = { id, accountId: fb.id };
      }
      members.push(member);
    });
    if (rows.length) await deps.db.insert(socialConnections).values(rows);
  }
  return members;
}
