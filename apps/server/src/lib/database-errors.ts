import { stdSerializers } from 'pino';
import { AppError } from './errors.js';

/**
 * What a failed statement may tell a log line or a caller. Drizzle's error carries the SQL and
 * every bound parameter (a member's post text, their email…), and PostgreSQL's message may echo
 * the offending value; none of that goes further than this.
 */
interface DatabaseFailure {
  /** The statement's verb and first table, e.g. `insert into "posts"`; null when unknown. */
  statement: string | null;
  /** SQLSTATE, e.g. 22021 (invalid byte sequence), 23505 (unique violation). */
  code: string;
  /** PostgreSQL's message with any value it quotes replaced by `…`. */
  message: string;
  constraint?: string;
}

const sqlstate = /^[0-9A-Z]{5}$/;

interface DriverError {
  code: string;
  message: string;
  constraint?: unknown;
}

/** The driver's error (pg or PGlite), however deep drizzle and others wrapped it in `cause`. */
function driverErrorOf(err: unknown): DriverError | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    if ('code' in e && typeof e.code === 'string' && sqlstate.test(e.code) && e instanceof Error)
      return { code: e.code, message: e.message, ...('constraint' in e ? { constraint: e.constraint } : {}) };
    e = 'cause' in e ? e.cause : undefined;
  }
  return null;
}

/** Drizzle's wrapper keeps the SQL text in `query`. */
function queryOf(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    if ('query' in e && typeof e.query === 'string') return e.query;
    e = 'cause' in e ? e.cause : undefined;
  }
  return null;
}

/** `insert into "posts"`, `select from "users"`: enough to find the code, nothing of the values. */
function statementName(query: string): string | null {
  const verb = /^\s*(select|insert|update|delete|with)\b/i.exec(query)?.[1]?.toLowerCase();
  if (!verb) return null;
  const table = /\b(?:into|update|from)\s+("[^"]+"|[a-z_][\w.]*)/i.exec(query)?.[1];
  const joiner = verb === 'insert' ? ' into' : verb === 'delete' || verb === 'select' ? ' from' : '';
  return table ? `${verb}${joiner} ${table}` : verb;
}

/** PostgreSQL quotes the value it refused: `invalid input syntax for type uuid: "…"`, `value "…" is out of range`. */
const withoutValues = (message: string) =>
  message.replace(/: "(?:[^"]|"")*"$/, ': "…"').replace(/\bvalue "(?:[^"]|"")*"/g, 'value "…"');

/** The failure of a database statement inside `err`, stripped of its values; null for other errors. */
export function databaseFailure(err: unknown): DatabaseFailure | null {
  const driver = driverErrorOf(err);
  if (!driver) return null;
  const query = queryOf(err);
  return {
    statement: query ? statementName(query) : null,
    code: driver.code,
    message: withoutValues(driver.message),
    ...(typeof driver.constraint === 'string' ? { constraint: driver.constraint } : {}),
  };
}

/**
 * The logger's `err` serializer: pino's, except that a failed statement is logged as its name,
 * SQLSTATE, message and stack frames — never the SQL parameters.
 */
export function serializeError(err: Error) {
  const failure = databaseFailure(err);
  if (!failure) return stdSerializers.err(err);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return { type: 'DatabaseError', ...failure, stack: frames.join('\n') };
}

/** A change that met another at the same rows (deadlock, serialization failure): safe to repeat. */
export const concurrentChange = 'This was being changed at the same moment. Try again.';

export const storageRefusal =
  'The request holds a value that cannot be stored. Check it for unusual characters, dates and very large numbers.';

/**
 * The answer when the database refused what the request asked for: a bad value (SQLSTATE class 22,
 * or a check constraint) is the caller's 400, a duplicate or a vanished reference a 409, and a
 * change that deadlocked with another (an edit meeting the engine's claim on the same targets,
 * which PostgreSQL resolves by ending one; nothing of it was written) a 409 to repeat. Null when
 * the failure is the server's own. The schemas refuse such input first; this is the backstop.
 */
export function refusalOf(failure: DatabaseFailure): AppError | null {
  if (failure.code.startsWith('22') || failure.code === '23514')
    return new AppError('validation', storageRefusal);
  if (failure.code === '40P01' || failure.code === '40001') return new AppError('conflict', concurrentChange);
  if (failure.code === '23505') return new AppError('conflict', 'That already exists.');
  if (failure.code === '23503')
    return new AppError('conflict', 'Something this refers to no longer exists. Reload and try again.');
  return null;
}
