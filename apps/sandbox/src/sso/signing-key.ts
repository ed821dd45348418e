import { generateKeyPair, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

import { SignJWT } from 'jose';

import type { DemoMember } from './members.js';
import { memberClaims } from './members.js';

/** How long an ID token lives, whether the provider or the control endpoint issues it. */
export const ID_TOKEN_TTL_SECONDS = 60 * 60;

/** The provider's ID-token signing key. It lives only in memory: tokens from an earlier run must not verify. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  /** The private JWK handed to oidc-provider, which publishes its public half at /sso/jwks. */
  jwk: JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };
}

const generateRsaKeyPair = promisify(generateKeyPair);

export async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  return { kid, privateKey, jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

export interface MintIdTokenOptions {
  member: DemoMember;
  issuer: string;
  audience: string;
  publicUrl: string;
  nonce?: string;
  /** Negative values mint an already expired token, which tests of the FitPost server need. */
  expiresInSeconds: number;
}

/**
 * Signs an ID token for a member outside any browser flow, with the key the provider publishes, so it is
 * indistinguishable from one the token endpoint would issue for all scopes.
 */
export async function mintIdToken(key: SigningKey, options: MintIdTokenOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + options.expiresInSeconds;
  // An expired token is dated as if issued one normal lifetime before it expired, as a real one would be.
  const iat = exp > now ? now : exp - ID_TOKEN_TTL_SECONDS;
  const nonce = options.nonce === undefined ? {} : { nonce: options.nonce };
  return (
    new SignJWT({ ...memberClaims(options.member, options.publicUrl), ...nonce, auth_time: iat })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      // Each token is distinct, as a real provider's are; FitPost remembers it to accept it once.
      .setJti(randomUUID())
      .sign(key.privateKey)
  );
}
