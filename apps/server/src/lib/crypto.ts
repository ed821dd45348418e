import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';

/**
 * Envelope encryption for social-network tokens at rest: AES-256-GCM, a random 96-bit IV per
 * value, and associated data naming where the value belongs (portal, account row, column), so a
 * ciphertext copied to another row or column does not decrypt. The key id travels with the value:
 * `v1.<keyId>.<iv>.<ciphertext+tag>` (base64url), so keys can be rotated — new values use the
 * first key, older ones still decrypt with theirs until re-encrypted.
 */
interface TokenKey {
  id: string;
  key: Buffer;
}

export interface TokenCipher {
  encrypt(plain: string, aad: string): string;
  decrypt(sealed: string, aad: string): string;
  /** Whether a sealed value uses a key other than the current one (so should be re-encrypted). */
  isStale(sealed: string): boolean;
}

/** Parses `FITPOST_TOKEN_KEYS`: `id:base64key,id:base64key`, current key first; each key 32 bytes. */
export function parseTokenKeys(text: string): TokenKey[] {
  const keys = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [id, encoded] = part.split(':');
      if (!id || !encoded || !/^[A-Za-z0-9_-]{1,32}$/.test(id)) {
        throw new Error('each token key must look like <id>:<base64 of 32 bytes>');
      }
      const key = Buffer.from(encoded, 'base64');
      if (key.length !== 32) throw new Error(`token key ${id} must be 32 bytes (base64), got ${key.length}`);
      if (!looksRandom(key))
        throw new Error(`token key ${id} is not random (generate one as the README shows)`);
      return { id, key };
    });
  if (keys.length === 0) throw new Error('at least one token key is required');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error('token key ids must be unique');
  keys.forEach((k, i) => {
    const twin = keys.slice(0, i).find((earlier) => earlier.key.equals(k.key));
    if (twin) throw new Error(`token keys ${twin.id} and ${k.id} are the same key (each id needs its own)`);
  });
  return keys;
}

/**
 * Refuses keys a person made up rather than generated: 32 random bytes have about 30 distinct values
 * and are almost never all printable text (odds about 1 in 10^13), while an all-zero key, a repeated
 * pattern or a passphrase fails one test or the other.
 */
function looksRandom(key: Buffer): boolean {
  const distinct = new Set(key).size;
  const printable = key.every((b) => b >= 0x20 && b < 0x7f);
  return distinct >= 16 && !printable;
}

/**
 * Whether a secret typed as text (FITPOST_EMAIL_SECRET) looks generated: its characters carry at
 * least 100 bits by their own statistics (length × Shannon entropy per character), and it is not
 * one piece repeated. A run of one character or a word repeated fails; `openssl rand -base64 48`
 * (about 350 bits) and `openssl rand -hex 32` (about 245) pass.
 */
export function secretLooksRandom(secret: string): boolean {
  if (/^([\s\S]+?)\1+$/.test(secret)) return false;
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const n of counts.values()) bitsPerChar -= (n / chars.length) * Math.log2(n / chars.length);
  return bitsPerChar * chars.length >= 100;
}

/** A fresh key in the `FITPOST_TOKEN_KEYS` format. */
export const newTokenKey = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

export function createTokenCipher(keys: TokenKey[]): TokenCipher {
  const [current] = keys;
  if (!current) throw new Error('at least one token key is required');
  // Key objects made once: given raw bytes, every call would make one first, which cost about three
  // times the decryption itself (a worker decrypts a token or two per post it publishes).
  const byId = new Map(keys.map((k) => [k.id, createSecretKey(k.key)]));
  const currentKey = createSecretKey(current.key);
  return {
    encrypt(plain, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${current.id}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    decrypt(sealed, aad) {
      const [version, keyId, ivText, bodyText] = sealed.split('.');
      const key = keyId ? byId.get(keyId) : undefined;
      if (version !== 'v1' || !key || !ivText || !bodyText)
        throw new Error('token cannot be decrypted with the configured keys');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    },
    isStale: (sealed) => sealed.split('.')[1] !== current.id,
  };
}
