import type { ReportCell, ReportColumn } from '@fitpost/contract';

/**
 * One CSV cell (RFC 4180): text that a spreadsheet would read as a formula (starting with = + - @, or a
 * tab or carriage return) gets a leading apostrophe (OWASP "CSV injection"); a cell holding a quote, comma
 * or line break is quoted, quotes doubled. Numbers are written as they are.
 */
export function csvCell(value: ReportCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV line (CRLF-terminated, as RFC 4180 has it). */
export function csvLine(cells: readonly ReportCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvHeader(columns: readonly ReportColumn[]): string {
  return csvLine(columns.map((c) => c.label));
}

export function csvRow(columns: readonly ReportColumn[], row: Record<string, ReportCell>): string {
  return csvLine(columns.map((c) => row[c.key] ?? null));
}
