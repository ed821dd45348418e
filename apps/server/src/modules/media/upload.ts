import { mediaAltText, mediaLimits, mediaMessages, mediaUploadFields } from '@fitpost/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';
import { imageTooLarge } from './errors.js';

/** Room for the multipart framing and the alt-text field around the file itself. */
const framingAllowance = 64 * 1024;

/**
 * Parser limits for the upload form: one file, a couple of short fields. Busboy stops reading at
 * each, so a hostile body costs at most this much memory.
 */
export const uploadLimits = {
  fileSize: mediaLimits.maxUploadBytes,
  files: 1,
  fields: 2,
  parts: 3,
  // Alt text is at most 1,000 characters; 4 bytes each in UTF-8 is the worst case.
  fieldSize: mediaLimits.maxAltTextLength * 4,
  fieldNameSize: 100,
  headerPairs: 20,
};

export interface Upload {
  bytes: Buffer;
  altText: string | null;
}

/** The parser's own refusals (FastifyError codes from @fastify/multipart), in the member's words. */
function translate(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = err instanceof Error && 'code' in err ? err.code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return imageTooLarge();
  if (code === 'FST_FILES_LIMIT') return badRequest(mediaMessages.oneFile);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return badRequest(mediaMessages.unexpectedFields);
  // Everything else here is a malformed or cut-off body (busboy's errors carry no code).
  return badRequest(mediaMessages.uploadBroken);
}

function altTextFrom(value: unknown, truncated: boolean) {
  if (truncated || typeof value !== 'string') throw badRequest(mediaMessages.altTextTooLong);
  const parsed = mediaAltText.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? mediaMessages.altTextTooLong);
  return parsed.data;
}

/**
 * Reads the upload form: the file into memory (bounded by `uploadLimits`) and the optional alt
 * text. A declared length over the limit is refused before a byte of the body is read.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > mediaLimits.maxUploadBytes + framingAllowance) throw imageTooLarge();
  if (!request.isMultipart()) throw badRequest(mediaMessages.notMultipart);

  let bytes: Buffer | null = null;
  let altText: string | null = null;
  try {
    for await (const part of request.parts({ limits: uploadLimits })) {
      if (part.type === 'file' && part.fieldname === mediaUploadFields.file) {
        bytes = await part.toBuffer();
      } else if (part.type === 'field' && part.fieldname === mediaUploadFields.altText) {
        altText = altTextFrom(part.value, part.valueTruncated);
      } else {
        if (part.type === 'file') part.file.resume(); // drain it, so the parser can finish
        throw badRequest(mediaMessages.unexpectedFields);
      }
    }
  } catch (err) {
    throw translate(err);
  }
  if (!bytes || bytes.length === 0) throw badRequest(mediaMessages.noFile);
  return { bytes, altText };
}
