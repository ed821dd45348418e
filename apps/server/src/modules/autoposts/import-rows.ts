import {
  autoPostCsvColumns,
  autoPostImportMessages as m,
  autoPostMessages,
  autoPostLimits,
  autoPostUpsert,
  fromWallTime,
  isTimeZoneName,
  libraryMessages,
  network as networkSchema,
  requiredAutoPostCsvColumns,
  splitXVariants,
  type AutoPostCsvColumn,
  type AutoPostImportProblem,
  type CsvRecord,
  type Network,
} from '@fitpost/contract';
import { textProblem } from '@fitpost/contract/platform-rules';
import { AppError } from '../../lib/errors.js';
import type { Upsert } from './validation.js';

// One CSV row of an imported plan → what Schedule Auto-Post would receive, or what is wrong with it
// (issue 29). No database here: import.ts looks up the library items and runs the shared rules.

/** Where each column is in the file's rows. */
export type ColumnIndex = Partial<Record<AutoPostCsvColumn, number>>;

/** The header row's columns; a missing, unknown or repeated column refuses the whole file. */
export function readHeader(header: readonly string[]): ColumnIndex {
  const index: ColumnIndex = {};
  const unknown: string[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (!(autoPostCsvColumns as readonly string[]).includes(name)) {
      unknown.push(raw.trim());
      return;
    }
    const column = name as AutoPostCsvColumn;
    if (index[column] !== undefined) throw new AppError('validation', m.repeatedColumn(column));
    index[column] = i;
  });
  if (unknown.length > 0) throw new AppError('validation', m.unknownColumns(unknown));
  const missing = requiredAutoPostCsvColumns.filter((c) => index[c] === undefined);
  if (missing.length > 0) throw new AppError('validation', m.missingColumns(missing));
  return index;
}

const formulaStart = /^[=+\-@\t\r]/;

/**
 * A cell's value. A cell a spreadsheet would run as a formula (= + - @ first, as the report CSVs
 * neutralise them) is refused; an apostrophe before such a character, which the export writes and
 * spreadsheets use to mean "text", is taken off.
 */
function cellValue(raw: string): { value: string; formula: boolean } {
  if (raw.startsWith("'") && formulaStart.test(raw.slice(1))) return { value: raw.slice(1), formula: false };
  return { value: raw, formula: formulaStart.test(raw) };
}

const isoDay = (date: string) => {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
};

const timePattern = /^(\d{1,2}):([0-5]\d)$/;

/** A row read: the Auto-Post it asks for (when its cells could be read), its problems, its preview. */
export interface ReadRow {
  line: number;
  input: Upsert | null;
  problems: AutoPostImportProblem[];
  preview: { date: string; time: string; timeZone: string; networks: string[]; text: string };
}

/** A library item a row may name: its text, graphic and link fill what the row leaves empty. */
export interface LibraryItem {
  body: string;
  mediaId: string | null;
  link: string | null;
}

export interface RowDefaults {
  timeZone: string;
  xSpreadMinutes: number;
  /** The portal's library items the file names (others are refused by the shared rules). */
  library: ReadonlyMap<string, LibraryItem>;
}

/** Reads one record into an Auto-Post input, naming every cell that cannot be read. */
export function readRow(
  record: CsvRecord,
  index: ColumnIndex,
  width: number,
  defaults: RowDefaults,
): ReadRow {
  const problems: AutoPostImportProblem[] = [];
  const problem = (column: AutoPostCsvColumn | null, message: string) => problems.push({ column, message });
  const cell = (column: AutoPostCsvColumn) => {
    const i = index[column];
    const { value, formula } = cellValue(i === undefined ? '' : (record.cells[i] ?? ''));
    if (formula) problem(column, m.formula(value));
    return formula ? '' : value.trim();
  };
  if (record.cells.length !== width) problem(null, m.cellCount(record.cells.length, width));

  const date = cell('date');
  const rawTime = cell('time');
  const timeZone = cell('time_zone') || defaults.timeZone;
  const contentId = cell('content_id');
  const item = defaults.library.get(contentId.toLowerCase());
  const body = cell('text') || (item?.body ?? '');
  const link = cell('link') || (item?.link ?? '');
  const networkCell = cell('networks');
  const variants = splitXVariants(cell('x_variants'));
  const spreadCell = cell('x_spread_minutes');
  const utmCell = cell('utm').toLowerCase();

  const timeMatch = timePattern.exec(rawTime);
  const time = timeMatch ? `${(timeMatch[1] ?? '').padStart(2, '0')}:${timeMatch[2]}` : rawTime;
  let scheduledAt: string | null = null;
  const zoneOk = isTimeZoneName(timeZone);
  if (!zoneOk) problem('time_zone', m.unknownZone(timeZone));
  // A real calendar day: 2027-02-30 would otherwise roll over to March.
  const dateOk = /^\d{4}-\d{2}-\d{2}$/.test(date) && isoDay(date) === date;
  if (!dateOk) problem('date', m.badDate(date));
  const timeOk = timeMatch !== null && Number(timeMatch[1]) < 24;
  if (!timeOk) problem('time', m.badTime(rawTime));
  if (dateOk && timeOk && zoneOk) {
    try {
      const zoned = fromWallTime({ date, time }, timeZone);
      if (zoned.fit === 'skipped') problem('time', m.skippedTime(date, time, timeZone));
      else scheduledAt = zoned.instant;
    } catch {
      problem('date', m.badDate(date));
    }
  }

  const tokens = networkCell
    .split(/[;|]/)
    .map((t) => t.trim())
    .filter(Boolean);
  const networks: Network[] = [];
  for (const token of tokens) {
    const parsed = networkSchema.safeParse(token.toLowerCase());
    if (parsed.success) networks.push(parsed.data);
    else problem('networks', m.unknownNetwork(token));
  }
  if (contentId && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(contentId))
    problem('content_id', m.badContentId(contentId));
  let xSpreadMinutes = defaults.xSpreadMinutes;
  if (spreadCell) {
    if (!/^\d+$/.test(spreadCell)) problem('x_spread_minutes', m.badSpread(spreadCell));
    else if (Number(spreadCell) > autoPostLimits.maxXSpreadMinutes)
      problem('x_spread_minutes', autoPostMessages.spread);
    else xSpreadMinutes = Number(spreadCell);
  }
  let utm: boolean | undefined;
  if (['true', 'yes', '1'].includes(utmCell)) utm = true;
  else if (['false', 'no', '0'].includes(utmCell)) utm = false;
  else if (utmCell) problem('utm', m.badUtm(utmCell));

  const onX = networks.includes('x');
  const preview = {
    date,
    time: rawTime,
    timeZone,
    networks: tokens,
    text: [onX ? (variants[0] ?? body) : body, link].filter(Boolean).join(' '),
  };
  if (problems.length > 0 || scheduledAt === null)
    return { line: record.line, input: null, problems, preview };

  // The form's schema: content, networks, merge fields, distinct variants, the link.
  const parsed = autoPostUpsert.safeParse({
    contentId: contentId || null,
    body,
    mediaId: item?.mediaId ?? null,
    link: link || null,
    networks,
    xVariants: onX ? variants : [],
    xSpreadMinutes: onX ? xSpreadMinutes : 0,
    scheduledAt,
    timeZone,
    ...(utm === undefined ? {} : { utm }),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, at] = issue.path;
      if (field === 'link') problem('link', `'${link}': ${libraryMessages.linkInvalid}`);
      else if (field === 'networks') problem('networks', issue.message);
      else if (field === 'scheduledAt') problem('date', `'${date}' ${issue.message}`);
      else if (field === 'xVariants' && typeof at === 'number' && issue.code === 'too_big')
        problem('x_variants', textProblem('x', variants[at] ?? '', false) ?? issue.message);
      else if (field === 'xVariants') problem('x_variants', issue.message);
      else problem('text', issue.message);
    }
    return { line: record.line, input: null, problems, preview };
  }
  return { line: record.line, input: parsed.data, problems, preview };
}

/** A row's identity for spotting the same Auto-Post twice in one file. */
export function rowKey(input: Upsert): string {
  return JSON.stringify([
    input.scheduledAt,
    input.body,
    input.link ?? null,
    [...new Set(input.networks)].sort(),
    input.contentId ?? null,
    input.xVariants,
  ]);
}
