// A message from an admin to a whole portal of 10,000 members, on PGlite and PostgreSQL: how long
// the API takes to send it (one body, one INSERT … SELECT of the threads and the email outbox rows,
// in one transaction: every member's unread count has it once it commits), how long until each
// member's bell count (GET /api/message/unread, asked once per member right after the send,
// BENCH_CONCURRENCY at a time) has been seen to show it, and how long until all 10,000 emails
// reached the sandbox's SMTP catcher (FITPOST_SMTP_URL → the catcher; the email worker runs in its
// own process as in production). The members, their roles and sessions are written straight into
// the database first; the API and the worker run as their own built processes.
// BENCH_MEMBERS, BENCH_CONCURRENCY and BENCH_DATABASES (pglite,postgres) tune it.
import path from 'node:path';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { seedReferenceData } from '../apps/server/dist/db/seed.js';
import { sessions } from '../apps/server/dist/db/schema.js';
import { hashToken, randomToken } from '../apps/server/dist/lib/tokens.js';
import {
  benchDatabases,
  eachDatabase,
  seedAdmin,
  seedMembers,
  startNode,
  stop,
  table,
  waitHealthy,
  withSandbox,
} from './lib.mjs';

const port = 3242;
const base = `http://127.0.0.1:${port}`;
const sandboxPort = 4242;
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const smtpPort = 4267;
const membersTotal = Number(process.env.BENCH_MEMBERS ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const databases = benchDatabases();

/** Members with access and a live session each, and one admin; returns their bearer tokens. */
async function seed(openSettings) {
  const database = await openDatabase(openSettings);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const db = database.db;
    const prefix = `m${Date.now().toString(36)}`;
    const expires = new Date(Date.now() + 24 * 3600_000);
    const tokens = [];
    await seedMembers(db, {
      total: membersTotal,
      prefix,
      batch: 1000,
      each: async (made) => {
        const batch = made.map((u) => ({ userId: u.id, token: `fp_${randomToken(32)}` }));
        await db
          .insert(sessions)
          .values(
            batch.map((s) => ({ userId: s.userId, tokenHash: hashToken(s.token), expiresAt: expires })),
          );
        tokens.push(...batch.map((s) => s.token));
      },
    });
    const adminToken = await seedAdmin(db, { prefix, expires });
    return { tokens, adminToken };
  } finally {
    await database.close();
  }
}

const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** Asks every member's unread count once, `concurrency` at a time; when each first showed the message. */
async function sweep(tokens) {
  const seenAt = new Array(tokens.length).fill(NaN);
  let next = 0;
  let errors = 0;
  async function lane() {
    while (next < tokens.length) {
      const i = next++;
      const res = await fetch(`${base}/api/message/unread`, { headers: bearer(tokens[i]) });
      if (!res.ok) {
        errors += 1;
        continue;
      }
      const counts = await res.json();
      if (counts.messages >= 1) seenAt[i] = performance.now();
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { seenAt, errors };
}

/** How many emails the catcher holds, and when the latest arrived. */
async function caught() {
  const res = await fetch(`${sandboxUrl}/_sandbox/mail?limit=1`);
  const body = await res.json();
  return { total: body.total, lastAt: body.messages[0] ? Date.parse(body.messages[0].receivedAt) : NaN };
}

/** Waits until `count` emails arrived (or `timeoutMs` passed); the wall-clock time the last one arrived. */
async function emailsArrived(count, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await caught();
    if (now.total >= count || Date.now() > deadline) return now;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function run(label, env, openSettings) {
  const { tokens, adminToken } = await seed(openSettings);
  await fetch(`${sandboxUrl}/_sandbox/mail`, { method: 'DELETE' });
  const common = {
    FITPOST_DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
    FITPOST_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    FITPOST_MAIL_FROM: 'FitPost <fitpost@example.com>',
    ...env,
  };
  // PGlite is one process's database: there the API process also runs the worker.
  const server = startNode('apps/server/dist/main.js', {
    PORT: String(port),
    FITPOST_SERVICES: openSettings.kind === 'pglite' ? 'api,worker' : 'api',
    ...common,
  });
  const worker =
    openSettings.kind === 'pglite'
      ? null
      : startNode('apps/server/dist/main.js', { PORT: '0', FITPOST_SERVICES: 'worker', ...common });
  try {
    // PGlite opens, migrates and starts its jobs on the seeded 10,000 members first: give it time.
    await waitHealthy(`${base}/api/health`, 180_000);
    // Warm the route and the session lookups' code paths before timing.
    await fetch(`${base}/api/message/unread`, { headers: bearer(tokens[0]) });
    const t0 = performance.now();
    const res = await fetch(`${base}/api/message`, {
      method: 'POST',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'Spring challenge', body: 'Join us! '.repeat(200), to: { all: true } }),
    });
    const sent = await res.json();
    const t1 = performance.now();
    if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(sent)}`);
    const wallAtSend = Date.now() - (performance.now() - t0);
    const { seenAt, errors } = await sweep(tokens);
    const missing = seenAt.filter((t) => Number.isNaN(t)).length;
    const last = Math.max(...seenAt.filter((t) => !Number.isNaN(t)));
    const t2 = performance.now();
    const rate = Math.round(tokens.length / ((t2 - t1) / 1000));
    const mail = await emailsArrived(tokens.length, 300_000);
    const emails =
      mail.total >= tokens.length
        ? `${((mail.lastAt - wallAtSend) / 1000).toFixed(1)} s`
        : `${mail.total.toLocaleString('en-US')} after 300 s`;
    return `| ${label} | ${sent.recipientCount.toLocaleString('en-US')} | ${Math.round(t1 - t0)} ms | ${((last - t0) / 1000).toFixed(2)} s | ${rate} | ${missing} | ${errors} | ${emails} |`;
  } finally {
    if (worker) await stop(worker);
    await stop(server);
  }
}

export async function benchMessages() {
  const dataDir = path.resolve('.tmp/bench-messages');
  const rows = await withSandbox(
    {
      port: sandboxPort,
      env: { SANDBOX_SMTP_PORT: String(smtpPort) },
      healthPath: '/_sandbox/mail',
      dataDir,
    },
    () => eachDatabase(databases, dataDir, run, { tokenKey: true }),
  );
  return [
    `A message to all ${membersTotal.toLocaleString('en-US')} members of a portal: the send (POST /api/message; every member's count has it once it answers), then every member's bell count (GET /api/message/unread) asked once, ${concurrency} at a time, from this process on the same cores, and the time from the send until the last of the emails reached the sandbox's SMTP catcher.`,
    '',
    ...table(
      [
        'database',
        'recipients',
        'send took',
        'every member seen to have it after (from the send)',
        'counts asked/s',
        'not shown',
        'errors',
        'all emails at the catcher after',
      ],
      rows,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchMessages());
