import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/bulk.js';

/** One request for a short link, as the redirect saw it. Address and user agent live only in memory, until hashed. */
export interface Click {
  code: string;
  at: Date;
  address: string;
  userAgent: string;
  preview: boolean;
}

export interface ClickRecorderOptions {
  db: Db;
  /** How often the buffered clicks are written. */
  flushEveryMs?: number;
  /** A batch this large is written at once, without waiting for the timer. */
  batchSize?: number;
  /** Clicks kept while the database refuses them; beyond this, the oldest are dropped (and logged). */
  maxBuffered?: number;
  onError?: (err: unknown, dropped: number) => void;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
const dayBefore = (day: string) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));

/**
 * Counts clicks on short links without ever slowing the redirect: `record` only appends to a buffer;
 * a timer (or a full batch) writes the buffer in one transaction. Counts are added in the database
 * (`clicks = clicks + n`), so any number of processes and overlapping batches lose nothing.
 *
 * Unique clicks: a visitor is the SHA-256 of the day's random salt, the address and the user agent;
 * the first time a visitor is seen on a link that day (its row inserted) counts as unique. Salts and
 * visitors older than yesterday are deleted when a day's salt is made, so a visitor cannot be
 * followed from one day to the next, and neither address nor user agent is ever stored.
 */
export class ClickRecorder {
  private buffer: Click[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly salts = new Map<string, Buffer>();
  private readonly flushEveryMs: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;

  constructor(private readonly opts: ClickRecorderOptions) {
    this.flushEveryMs = opts.flushEveryMs ?? 1000;
    this.batchSize = opts.batchSize ?? 500;
    this.maxBuffered = opts.maxBuffered ?? 50_000;
  }

  /** Notes a click (synchronous: no I/O); it is written with the next batch. */
  record(click: Click) {
    this.buffer.push(click);
    if (this.buffer.length >= this.batchSize) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushEveryMs);
      this.timer.unref();
    }
  }

  /** Writes what is buffered now; resolves once it (and any batch before it) is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.write(batch);
      } catch (err) {
        // Kept for the next batch, within bounds: the database may be briefly away.
        const room = Math.max(0, this.maxBuffered - this.buffer.length);
        this.buffer.unshift(...batch.slice(batch.length - room));
        this.opts.onError?.(err, batch.length - Math.min(room, batch.length));
        if (!this.timer && this.buffer.length > 0) {
          this.timer = setTimeout(() => void this.flush(), this.flushEveryMs);
          this.timer.unref();
        }
      }
    });
    return this.writing;
  }

  /** Writes the buffer and stops the timer (the process is stopping). */
  async close() {
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async saltOf(db: Db, day: string): Promise<Buffer> {
    const known = this.salts.get(day);
    if (known) return known;
    await db.execute(sql`insert into short_link_salts (day, salt)
      values (${day}, decode(${randomBytes(32).toString('hex')}, 'hex')) on conflict (day) do nothing`);
    const [row] = await rowsOf<{ salt: string }>(
      db,
      sql`select encode(salt, 'hex') as salt from short_link_salts where day = ${day}`,
    );
    if (!row) throw new Error(`No salt for ${day}`);
    // The day before stays, so a batch crossing midnight still finds its visitors.
    const keepFrom = dayBefore(day);
    await db.execute(sql`delete from short_link_salts where day < ${keepFrom}`);
    await db.execute(sql`delete from short_link_visitors where day < ${keepFrom}`);
    for (const d of this.salts.keys()) if (d < keepFrom) this.salts.delete(d);
    const salt = Buffer.from(row.salt, 'hex');
    this.salts.set(day, salt);
    return salt;
  }

  private async write(batch: Click[]) {
    const { db } = this.opts;
    // Visitors of people's clicks, hashed; a visitor's first click of the day within this batch only.
    const visitors = new Map<string, { day: string; code: string; visitor: string; hour: Date }>();
    for (const click of batch) {
      if (click.preview) continue;
      const day = dayOf(click.at);
      const salt = await this.saltOf(db, day);
      const visitor = createHash('sha256')
        .update(salt)
        .update(click.address)
        .update('\0')
        .update(click.userAgent)
        .digest('hex');
      const key = `${day}|${click.code}|${visitor}`;
      if (!visitors.has(key)) visitors.set(key, { day, code: click.code, visitor, hour: hourOf(click.at) });
    }
    await db.transaction(async (tx) => {
      const all = [...visitors.values()];
      const firstSeen = all.length
        ? await rowsOf<{ day: string; code: string; visitor: string }>(
            tx,
            sql`insert into short_link_visitors (day, code, visitor)
              select v.day, v.code, decode(v.visitor, 'hex')
              from unnest(${sql.param(all.map((v) => v.day))}::date[], ${sql.param(all.map((v) => v.code))}::text[],
                ${sql.param(all.map((v) => v.visitor))}::text[]) as v(day, code, visitor)
              where exists (select 1 from short_links l where l.code = v.code)
              order by 1, 2, 3
              on conflict do nothing
              returning to_char(day, 'YYYY-MM-DD') as day, code, encode(visitor, 'hex') as visitor`,
          )
        : [];
      const counts = new Map<
        string,
        { code: string; hour: Date; clicks: number; unique: number; previews: number }
      >();
      const countOf = (code: string, hour: Date) => {
        const key = `${code}|${hour.toISOString()}`;
        let c = counts.get(key);
        if (!c) counts.set(key, (c = { code, hour, clicks: 0, unique: 0, previews: 0 }));
        return c;
      };
      for (const click of batch) {
        const c = countOf(click.code, hourOf(click.at));
        if (click.preview) c.previews += 1;
        else c.clicks += 1;
      }
      for (const seen of firstSeen) {
        const v = visitors.get(`${seen.day}|${seen.code}|${seen.visitor}`);
        if (v) countOf(v.code, v.hour).unique += 1;
      }
      const rows = [...counts.values()];
      await tx.execute(sql`insert into short_link_clicks (code, hour, clicks, unique_clicks, previews)
        select c.code, c.hour, c.clicks, c.unique_clicks, c.previews
        from unnest(${sql.param(rows.map((r) => r.code))}::text[], ${sql.param(rows.map((r) => r.hour.toISOString()))}::timestamptz[],
          ${sql.param(rows.map((r) => r.clicks))}::int[], ${sql.param(rows.map((r) => r.unique))}::int[],
          ${sql.param(rows.map((r) => r.previews))}::int[]) as c(code, hour, clicks, unique_clicks, previews)
        where exists (select 1 from short_links l where l.code = c.code)
        order by c.code, c.hour
        on conflict (code, hour) do update set
          clicks = short_link_clicks.clicks + excluded.clicks,
          unique_clicks = short_link_clicks.unique_clicks + excluded.unique_clicks,
          previews = short_link_clicks.previews + excluded.previews`);
    });
  }
}
