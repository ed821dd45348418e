import {
  autoPostImportLimits,
  autoPostImportMessages,
  autoPostCsvTemplate,
  readCsv,
} from '@fitpost/contract';
import { toWallTime } from '@/lib/zoned-time';

/** A plan file as read in the browser: its text and rows, or why it cannot be sent. */
export type PlanFile = { ok: true; text: string; rows: number } | { ok: false; message: string };

/**
 * Reads a chosen or dropped file, telling `onProgress` 0–100 as the bytes are read. The bytes are
 * decoded as UTF-8 without refusing anything, so a file in another encoding arrives with U+FFFD
 * where bytes could not be read, and the CSV reader refuses it with its message. The size and row
 * limits are checked here too, so a large file is refused before it is sent.
 */
export function readPlanFile(file: Blob, onProgress: (percent: number) => void): Promise<PlanFile> {
  if (file.size > autoPostImportLimits.maxBytes)
    return Promise.resolve({ ok: false, message: autoPostImportMessages.tooLarge(file.size) });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    reader.onerror = () => resolve({ ok: false, message: 'The file could not be read. Choose it again.' });
    reader.onload = () => {
      onProgress(100);
      const text = new TextDecoder('utf-8').decode(reader.result as ArrayBuffer);
      const reading = readCsv(text);
      if (!reading.ok) {
        resolve({ ok: false, message: reading.message });
        return;
      }
      const rows = Math.max(0, reading.records.length - 1);
      if (rows > autoPostImportLimits.maxRows)
        resolve({ ok: false, message: autoPostImportMessages.tooManyRows(rows) });
      else if (rows === 0) resolve({ ok: false, message: autoPostImportMessages.noRows });
      else resolve({ ok: true, text, rows });
    };
    reader.readAsArrayBuffer(file);
  });
}

/** The template's example row: tomorrow at 9:00 in the admin's zone. */
export function templateCsv(zone: string, now = Date.now()): string {
  const { date } = toWallTime(now + 24 * 60 * 60_000, zone);
  return autoPostCsvTemplate({ date, time: '09:00', timeZone: zone });
}
