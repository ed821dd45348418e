import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { createTokenCipher, newTokenKey, parseTokenKeys, type TokenCipher } from '../lib/crypto.js';

/**
 * The cipher for social tokens. `FITPOST_TOKEN_KEYS` wins; the embedded demo without it keeps a
 * generated key beside its database (`<data dir>/token-keys`, mode 0600), so a restart can still
 * read what it stored. With PostgreSQL the keys must be configured (config.ts refuses to start).
 */
export function resolveTokenCipher(config: Config): TokenCipher {
  if (config.tokenKeys) return createTokenCipher(parseTokenKeys(config.tokenKeys));
  if (config.database.kind !== 'pglite') throw new Error('FITPOST_TOKEN_KEYS is required with DATABASE_URL');
  const file = path.join(path.dirname(config.database.dataDir), 'token-keys');
  if (!existsSync(file)) writeFileSync(file, `${newTokenKey('local1')}\n`, { mode: 0o600 });
  return createTokenCipher(parseTokenKeys(readFileSync(file, 'utf8').trim()));
}
