import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { z } from 'zod';

import { allowMethods, HttpError, readJson, type Route, sendJson } from '../http.js';
import { parseMail } from './parse.js';

/** One message the catcher accepted (answered 250), as `GET /_sandbox/mail` lists it. */
export interface CaughtMail {
  id: number;
  receivedAt: string;
  /** The envelope's sender and recipients (MAIL FROM, RCPT TO). */
  from: string;
  to: string[];
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * `POST /_sandbox/mail/faults`: `hold` keeps the answer to every message after the next `after`
 * accepted ones until the fault is cleared (then it is accepted) or the sender hangs up (then it
 * is dropped, as a real server drops a message it never confirmed); `reject` answers the next
 * `times` messages with `code` (4xx: try again later, 5xx: refused for good).
 */
const mailFaultSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('hold'), after: z.int().min(0).max(1_000_000).default(0) }),
  z.strictObject({
    kind: z.literal('reject'),
    code: z.int().min(400).max(599).default(451),
    times: z.int().min(1).max(1_000_000).default(1),
  }),
]);
export type MailFault = z.input<typeof mailFaultSchema>;

/** The most messages kept; older ones are forgotten first (benchmarks send tens of thousands). */
const MAX_KEPT = 50_000;
const MAX_MESSAGE_BYTES = 1024 * 1024;

interface Held {
  session: string;
  release: (error?: Error | null) => void;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`. */
  url: string;
  route: Route;
  close(): Promise<void>;
}

/**
 * The sandbox's SMTP catcher: an SMTP server on loopback (smtp-server, no TLS, any or no AUTH)
 * that keeps every message it accepts in memory for `GET /_sandbox/mail`. It stands in for the
 * organisation's mail relay, so FitPost's outbox talks real SMTP in the demo and the tests.
 */
export async function startMailCatcher(port: number, host = '127.0.0.1'): Promise<MailCatcher> {
  // What arrived is kept as it came and parsed only when listed (a benchmark's 10,000 emails are
  // counted, not read), so accepting a message costs the catcher next to nothing.
  const messages: Stored[] = [];
  let nextId = 1;
  let dropped = 0;
  let hold: { after: number } | null = null;
  let reject: { code: number; remaining: number } | null = null;
  const held: Held[] = [];

  const accept = (session: SMTPServerSession, raw: Buffer) => {
    messages.push({
      id: nextId++,
      receivedAt: Date.now(),
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      to: session.envelope.rcptTo.map((r) => r.address),
      raw,
    });
    if (messages.length > MAX_KEPT) messages.splice(0, messages.length - MAX_KEPT);
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    maxClients: 200,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'sandbox' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (reject && reject.remaining > 0) {
          reject.remaining--;
          const error = Object.assign(new Error(`Sandbox refused the message (${reject.code})`), {
            responseCode: reject.code,
          });
          if (reject.remaining === 0) reject = null;
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        if (hold && hold.after <= 0) {
          held.push({
            session: session.id,
            release: (error) => {
              if (error) return callback(error);
              accept(session, raw);
              callback();
            },
          });
          return;
        }
        if (hold) hold.after--;
        accept(session, raw);
        callback();
      });
    },
    onClose(session) {
      // The sender hung up before it heard "250": the message was never accepted.
      for (let i = held.length - 1; i >= 0; i--) {
        if (held[i]?.session !== session.id) continue;
        held.splice(i, 1);
        dropped++;
      }
    },
  });
  server.on('error', (error) => console.error('sandbox: SMTP catcher error', error));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('sandbox: expected a TCP address');

  const releaseHeld = () => {
    for (const h of held.splice(0)) h.release();
  };

  const route: Route = {
    prefix: '/_sandbox/mail',
    handle: async (req, res, url) => {
      switch (url.pathname) {
        case '/_sandbox/mail':
          allowMethods(req, ['GET', 'DELETE']);
          if (req.method === 'DELETE') {
            messages.length = 0;
            dropped = 0;
            res.statusCode = 204;
            res.end();
            return;
          }
          {
            // `limit` keeps only the latest few (a benchmark polling 10,000 messages asks for 1).
            const matching = filterByRecipient(messages, url.searchParams.get('to'));
            const limit = Number(url.searchParams.get('limit') ?? MAX_KEPT);
            const kept = Number.isInteger(limit) && limit >= 0 ? limit : MAX_KEPT;
            return sendJson(res, 200, {
              messages: kept === 0 ? [] : matching.slice(-kept).map(present),
              total: matching.length,
              held: held.length,
              dropped,
            });
          }
        case '/_sandbox/mail/faults': {
          allowMethods(req, ['POST', 'DELETE']);
          if (req.method === 'DELETE') {
            hold = null;
            reject = null;
            releaseHeld();
            res.statusCode = 204;
            res.end();
            return;
          }
          const parsed = mailFaultSchema.safeParse(await readJson(req));
          if (!parsed.success)
            throw new HttpError(
              400,
              'bad_request',
              'The body is not a mail fault.',
              z.flattenError(parsed.error),
            );
          if (parsed.data.kind === 'hold') hold = { after: parsed.data.after };
          else reject = { code: parsed.data.code, remaining: parsed.data.times };
          return sendJson(res, 201, parsed.data);
        }
        default:
          throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      }
    },
  };

  return {
    url: `smtp://${host}:${address.port}`,
    route,
    close: () =>
      new Promise<void>((resolve) => {
        releaseHeld();
        server.close(() => resolve());
      }),
  };
}

/** A message as it arrived: the envelope and the raw bytes, parsed when first listed. */
interface Stored {
  id: number;
  receivedAt: number;
  from: string;
  to: string[];
  raw: Buffer;
  parsed?: CaughtMail;
}

function present(stored: Stored): CaughtMail {
  stored.parsed ??= {
    id: stored.id,
    receivedAt: new Date(stored.receivedAt).toISOString(),
    from: stored.from,
    to: stored.to,
    ...parseMail(stored.raw.toString('utf8')),
  };
  return stored.parsed;
}

function filterByRecipient(messages: Stored[], to: string | null) {
  if (!to) return messages;
  const wanted = to.toLowerCase();
  return messages.filter((m) => m.to.some((address) => address.toLowerCase() === wanted));
}
