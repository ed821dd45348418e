import { randomBytes } from 'node:crypto';
import { shortLinkLimits } from '@fitpost/contract';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 below 256: bytes at or above it are skipped, so every letter is equally likely. */
const unbiasedBelow = 248;

/** A new random code: `shortLinkLimits.codeLength` letters and digits from the system's secure random source. */
export function newLinkCode(): string {
  let code = '';
  while (code.length < shortLinkLimits.codeLength) {
    for (const byte of randomBytes(shortLinkLimits.codeLength * 2)) {
      if (byte < unbiasedBelow && code.length < shortLinkLimits.codeLength) code += alphabet[byte % 62];
    }
  }
  return code;
}
