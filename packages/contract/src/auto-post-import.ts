import { z } from 'zod';
import { formatCount } from './constants.js';
import { networks } from './names.js';

/**
 * Import a plan (issue 29): admins schedule many Auto-Posts from a CSV file, one a row, with the
 * same rules as Schedule Auto-Post; and export the plan in the same columns.
 */
export const autoPostImportLimits = {
  /** The CSV's size in UTF-8 bytes (1 MB). */
  maxBytes: 1024 * 1024,
  /** Rows under the header. */
  maxRows: 1000,
  /**
   * The JSON request carrying the CSV: JSON escapes quotes and line breaks, so a file within the
   * limit always fits, and a larger one still arrives to be refused with the limits named.
   */
  maxRequestBytes: 5 * 1024 * 1024,
} as const;

/** The CSV's columns, in the order the export and the template write them. */
export const autoPostCsvColumns = [
  'date',
  'time',
  'time_zone',
  'text',
  'link',
  'networks',
  'content_id',
  'x_variants',
  'x_spread_minutes',
  'utm',
] as const;
export type AutoPostCsvColumn = (typeof autoPostCsvColumns)[number];
/** Columns a file must have (the others may be left out: empty). */
export const requiredAutoPostCsvColumns: readonly AutoPostCsvColumn[] = ['date', 'time', 'text', 'networks'];

const list = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');
const limitsText = `import at most 1 MB and ${formatCount(autoPostImportLimits.maxRows)} rows at a time`;

export const autoPostImportMessages = {
  tooLarge: (bytes: number) =>
    `The file is ${(bytes / (1024 * 1024)).toFixed(1)} MB; ${limitsText}. Split it into smaller files.`,
  tooManyRows: (rows: number) =>
    `The file has ${formatCount(rows)} rows; ${limitsText}. Split it into smaller files.`,
  noRows: 'The file has no rows under its header row.',
  unknownColumns: (names: readonly string[]) =>
    `Unknown column${names.length > 1 ? 's' : ''} ${list(names)}. The columns are ${autoPostCsvColumns.join(', ')}.`,
  missingColumns: (names: readonly string[]) =>
    `The header row needs the column${names.length > 1 ? 's' : ''} ${list(names)}.`,
  repeatedColumn: (name: string) => `The column '${name}' appears twice in the header row.`,
  cellCount: (found: number, expected: number) =>
    `This row has ${formatCount(found)} cells; the header row has ${formatCount(expected)}.`,
  badDate: (value: string) => `'${value}' is not a date: write it as YYYY-MM-DD, such as 2026-03-31.`,
  badTime: (value: string) =>
    `'${value}' is not a time: write it as HH:MM on a 24-hour clock, such as 18:30.`,
  unknownZone: (value: string) =>
    `Unknown time zone '${value}': use a name such as Europe/London or America/New_York.`,
  skippedTime: (date: string, time: string, zone: string) =>
    `${date} ${time} does not exist in ${zone}: the clocks skip that hour. Choose another time.`,
  unknownNetwork: (value: string) => `Unknown network '${value}': use ${networks.join(', ')}.`,
  badContentId: (value: string) => `'${value}' is not a library item's id.`,
  badSpread: (value: string) => `'${value}' is not a number of minutes.`,
  badUtm: (value: string) => `'${value}' is not true or false.`,
  formula: (value: string) =>
    `'${value.slice(0, 40)}' starts with ${JSON.stringify(value[0])}, so a spreadsheet would run it as a formula. FitPost does not run formulas: put an apostrophe (') before it to keep it as text, or type the value the formula gives.`,
  duplicate: (row: number) => `This row repeats the row on line ${formatCount(row)}.`,
  /** A plan goes out in the organization's name with no one confirming each row (issue 30). */
  healthClaims: (phrases: readonly string[]) =>
    `Health claims to check: ${phrases.map((p) => `“${p}”`).join(', ')}. Reword them here, or schedule this Auto-Post from Schedule Auto-Post, where you can confirm you have checked them.`,
  invalidRows: (n: number) =>
    `${formatCount(n)} row${n === 1 ? ' has' : 's have'} problems; nothing was scheduled. Fix ${n === 1 ? 'it' : 'them'} and import again.`,
} as const;

/** POST /api/autoposts/import: the file's text, and whether only to check it. */
export const autoPostImportBody = z.object({
  csv: z.string(),
  /** true: check and preview only, schedule nothing. */
  dryRun: z.boolean().default(true),
});
export type AutoPostImportBody = z.input<typeof autoPostImportBody>;

/** One problem of a row: its column (null: the whole row) and what is wrong, naming the value. */
const autoPostImportProblem = z.object({
  column: z.enum(autoPostCsvColumns).nullable(),
  message: z.string(),
});
export type AutoPostImportProblem = z.infer<typeof autoPostImportProblem>;

const autoPostImportRow = z.object({
  /** The line of the CSV file the row starts on (the header is line 1, or 2 after a `sep=` line). */
  row: z.number().int(),
  ok: z.boolean(),
  errors: z.array(autoPostImportProblem),
  /** When it would be sent; null when the date, time or zone cannot be read. */
  scheduledAt: z.iso.datetime().nullable(),
  /** What the preview table shows: the row's cells as read, and the text as X will show it. */
  preview: z.object({
    date: z.string(),
    time: z.string(),
    timeZone: z.string(),
    networks: z.array(z.string()),
    /** The text X gets (its first caption variant, then the link); the text itself off X. */
    text: z.string(),
  }),
});
export type AutoPostImportRow = z.infer<typeof autoPostImportRow>;

/** The answer (200, or 422 with nothing written when any row is invalid and it was not a dry run). */
export const autoPostImportResult = z
  .object({
    rows: z.array(autoPostImportRow),
    valid: z.number().int(),
    invalid: z.number().int(),
    /** The Auto-Posts scheduled (empty on a dry run or a refusal). */
    created: z.array(z.uuid()),
  })
  .meta({ id: 'AutoPostImportResult' });
export type AutoPostImportResult = z.infer<typeof autoPostImportResult>;

const calendarDate = z.iso.date();

/** GET /api/autoposts/export?from&to: the plan from the start of `from` to the end of `to`, in the admin's zone. */
export const autoPostExportQuery = z
  .object({ from: calendarDate, to: calendarDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must be on or after from' });
export type AutoPostExportQuery = z.input<typeof autoPostExportQuery>;

/**
 * X caption variants as one cell: `|` between them, except inside a merge field's braces
 * (`{first_name|there}` keeps its fallback).
 */
export function splitXVariants(cell: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of cell) {
    if (c === '{') depth += 1;
    else if (c === '}') depth = Math.max(0, depth - 1);
    if (c === '|' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The CSV the import reads: the header and one example row (the screen's "template CSV"). */
export function autoPostCsvTemplate(example: { date: string; time: string; timeZone: string }): string {
  const row = [
    example.date,
    example.time,
    example.timeZone,
    '"Hi {first_name|there}, our spring challenge starts today. Join us!"',
    'https://example.com/spring',
    'x;linkedin;facebook',
    '',
    '',
    '0',
    'true',
  ];
  return `${autoPostCsvColumns.join(',')}\r\n${row.join(',')}\r\n`;
}
