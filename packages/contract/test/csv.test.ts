import { describe, expect, it } from 'vitest';
import { csvMessages, readCsv, splitXVariants } from '../src/index.js';

const cells = (text: string) => {
  const reading = readCsv(text);
  if (!reading.ok) throw new Error(reading.message);
  return reading.records;
};

describe('the CSV reader (RFC 4180 as spreadsheets write it)', () => {
  it('reads plain rows and their line numbers', () => {
    expect(cells('a,b\n1,2\n3,4')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
      { line: 3, cells: ['3', '4'] },
    ]);
  });

  it('drops a UTF-8 byte-order mark', () => {
    expect(cells('\uFEFFdate,time\r\n2026-05-01,09:00\r\n')[0]?.cells).toEqual(['date', 'time']);
  });

  it('reads CRLF, LF and a lone CR alike, and an empty trailing line is no row', () => {
    const expected = [
      ['a', 'b'],
      ['1', '2'],
    ];
    for (const text of ['a,b\r\n1,2\r\n', 'a,b\n1,2\n', 'a,b\r1,2\r', 'a,b\n1,2\n\n', 'a,b\r\n1,2'])
      expect(cells(text).map((r) => r.cells)).toEqual(expected);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting lines', () => {
    const records = cells(
      'text,n\r\n"Squats, lunges",1\r\n"She said ""go""",2\r\n"line one\r\nline two",3\r\nlast,4\r\n',
    );
    expect(records.map((r) => r.cells)).toEqual([
      ['text', 'n'],
      ['Squats, lunges', '1'],
      ['She said "go"', '2'],
      ['line one\r\nline two', '3'],
      ['last', '4'],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 4, 6]);
  });

  it('keeps empty fields, also at the end of a line, and skips blank lines', () => {
    expect(cells('a,b,c\n,,\n\n1,,\n').map((r) => r.cells)).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
      ['1', '', ''],
    ]);
  });

  it('follows Excel’s sep= first line', () => {
    const records = cells('sep=;\r\ndate;text\r\n2026-05-01;"a;b, c"\r\n');
    expect(records).toEqual([
      { line: 2, cells: ['date', 'text'] },
      { line: 3, cells: ['2026-05-01', 'a;b, c'] },
    ]);
    expect(cells('sep=,\na,b\n')[0]).toEqual({ line: 2, cells: ['a', 'b'] });
    expect(readCsv('sep=|\na|b\n')).toEqual({ ok: false, message: csvMessages.badSeparator('sep=|') });
  });

  it('keeps a stray quote inside an unquoted field as text', () => {
    expect(cells('a\n5" plate\n').map((r) => r.cells)).toEqual([['a'], ['5" plate']]);
  });

  it('refuses a quote left open, naming the line it opened on', () => {
    expect(readCsv('a,b\n1,2\n"never closed,3\n')).toEqual({
      ok: false,
      message: csvMessages.unclosedQuote(3),
    });
  });

  it('refuses text that was not UTF-8 (replacement characters or the NULs of UTF-16)', () => {
    // Latin-1 "café" decoded as UTF-8, as the browser's file.text() and the JSON body deliver it.
    const latin1 = new TextDecoder('utf-8').decode(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(readCsv(`text\n${latin1}`)).toEqual({ ok: false, message: csvMessages.notUtf8 });
    const utf16 = new TextDecoder('utf-8').decode(new Uint8Array([0x61, 0x00, 0x2c, 0x00, 0x62, 0x00]));
    expect(readCsv(utf16)).toEqual({ ok: false, message: csvMessages.notUtf8 });
  });

  it('reads an empty file as no rows', () => {
    expect(cells('')).toEqual([]);
    expect(cells('\r\n\r\n')).toEqual([]);
  });
});

describe('X caption variants in one cell', () => {
  it('splits on | outside merge fields, whose fallback keeps its |', () => {
    expect(splitXVariants('Go {first_name|friend}! | Move today |  ')).toEqual([
      'Go {first_name|friend}!',
      'Move today',
    ]);
    expect(splitXVariants('')).toEqual([]);
  });
});
