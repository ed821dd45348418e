/**
 * Reading CSV text (RFC 4180) as spreadsheets write it: a UTF-8 byte-order mark, CRLF or LF line
 * ends, quoted fields holding commas, doubled quotes and line breaks, an empty last line, and
 * Excel's `sep=;` first line, which names the separator. Shared by the server (Auto-Post import)
 * and the web app (counting a file's rows before sending it).
 */

export const csvMessages = {
  notUtf8:
    'The file is not UTF-8 text: some of its characters cannot be read. In your spreadsheet, save it as “CSV UTF-8” and try again.',
  empty: 'The file is empty: it needs a header row and at least one row under it.',
  unclosedQuote: (line: number) =>
    `The quoted field that starts on line ${line} is never closed: add the closing quote (").`,
  badSeparator: (line: string) =>
    `The first line “${line}” names a separator FitPost cannot use: use sep=, or sep=; (or leave the line out).`,
} as const;

/** One record of the file: the line it starts on (1-based, as an editor counts) and its fields. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvReading = { ok: true; records: CsvRecord[] } | { ok: false; message: string };

/**
 * Whether text decoded from bytes that were not UTF-8: decoders put U+FFFD (the replacement
 * character) where a byte could not be read, and UTF-16 read as UTF-8 is full of NULs.
 */
function looksMisdecoded(text: string): boolean {
  return text.includes('\uFFFD') || text.includes('\u0000');
}

/**
 * The records of `text`, blank lines left out. Refuses text that was not UTF-8 and a quote left
 * open; a stray quote inside an unquoted field is kept as text (as spreadsheets do).
 */
export function readCsv(input: string): CsvReading {
  if (looksMisdecoded(input)) return { ok: false, message: csvMessages.notUtf8 };
  let text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  let separator = ',';
  let line = 1;
  const sepLine = /^sep=(.*?)(\r\n|\n|\r|$)/i.exec(text);
  if (sepLine) {
    const named = sepLine[1] ?? '';
    if (named !== ',' && named !== ';')
      return { ok: false, message: csvMessages.badSeparator(sepLine[0].trim()) };
    separator = named;
    text = text.slice(sepLine[0].length);
    line = 2;
  }

  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let start = line;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    // A blank line (one empty field) is no record.
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"' && cell === '') {
      // A quoted field: up to the quote that is not doubled.
      const opened = line;
      i += 1;
      for (;;) {
        if (i >= text.length) return { ok: false, message: csvMessages.unclosedQuote(opened) };
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (q === '\n' || (q === '\r' && text[i + 1] !== '\n')) line += 1;
        cell += q;
        i += 1;
      }
      continue;
    }
    if (c === separator) {
      cells.push(cell);
      cell = '';
      i += 1;
    } else if (c === '\r' || c === '\n') {
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      endRecord();
      line += 1;
      start = line;
    } else {
      cell += c;
      i += 1;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return { ok: true, records };
}
