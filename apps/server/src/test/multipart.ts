import { randomUUID } from 'node:crypto';

/** A form field, or a file with its name and declared type. */
export type FormPart =
  { name: string; value: string | Buffer } | { name: string; filename: string; type: string; data: Buffer };

/**
 * A multipart/form-data body, written out by hand so tests control every byte and header
 * (`closed: false` leaves off the final boundary, as a cut-off upload would).
 */
export function multipartForm(parts: FormPart[], { closed = true } = {}) {
  const boundary = `fitpost-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = 'data' in part ? `; filename="${part.filename}"\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`),
    );
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
