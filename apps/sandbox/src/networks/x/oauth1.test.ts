import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  hmacSha1Signature,
  normalizeParameters,
  type OAuthParam,
  parseAuthorizationHeader,
  percentEncode,
  signatureBaseString,
  signRequest,
} from './oauth1.js';
import { OAuth1Verifier } from './x-auth.js';

/**
 * The worked example on X's "Creating a signature" page. Its published signature was computed with the
 * api.twitter.com host (the page now prints api.x.com above it, but the signature is unchanged), so that is
 * the URL that reproduces it.
 */
const DOC = {
  method: 'POST',
  url: 'https://api.twitter.com/1.1/statuses/update.json',
  query: { include_entities: 'true' },
  body: { status: 'Hello Ladies + Gentlemen, a signed OAuth request!' },
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: 1318622958,
  parameterString:
    'include_entities=true&oauth_consumer_key=xvz1evFS4wEEPTGEFPHBog&oauth_nonce=kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1318622958&oauth_token=370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb&oauth_version=1.0&status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21',
  signature: 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=',
};

const DOC_PARAMS: OAuthParam[] = [
  ['status', DOC.body.status],
  ['include_entities', 'true'],
  ['oauth_consumer_key', DOC.consumerKey],
  ['oauth_nonce', DOC.nonce],
  ['oauth_signature_method', 'HMAC-SHA1'],
  ['oauth_timestamp', String(DOC.timestamp)],
  ['oauth_token', DOC.token],
  ['oauth_version', '1.0'],
];

afterEach(() => {
  vi.useRealTimers();
});

describe('OAuth 1.0a signatures', () => {
  it('percent-encodes as X\'s "Percent encoding parameters" page shows', () => {
    expect(percentEncode('Ladies + Gentlemen')).toBe('Ladies%20%2B%20Gentlemen');
    expect(percentEncode('An encoded string!')).toBe('An%20encoded%20string%21');
    expect(percentEncode('Dogs, Cats & Mice')).toBe('Dogs%2C%20Cats%20%26%20Mice');
    expect(percentEncode('☃')).toBe('%E2%98%83');
    expect(percentEncode("-._~*'()")).toBe('-._~%2A%27%28%29');
  });

  it('reproduces the parameter string and signature of the documented example', () => {
    expect(normalizeParameters(DOC_PARAMS)).toBe(DOC.parameterString);
    const baseString = signatureBaseString(DOC.method, DOC.url, DOC_PARAMS);
    expect(baseString.startsWith('POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&')).toBe(
      true,
    );
    expect(hmacSha1Signature(baseString, DOC.consumerSecret, DOC.tokenSecret)).toBe(DOC.signature);
  });

  it('sorts repeated names by value, as RFC 5849 §3.4.1.3.2 requires', () => {
    expect(
      normalizeParameters([
        ['a', '2'],
        ['a', '1'],
        ['c', 'x'],
        ['b', ''],
      ]),
    ).toBe('a=1&a=2&b=&c=x');
  });

  it('parses an Authorization header and leaves realm out', () => {
    expect(parseAuthorizationHeader('OAuth realm="Example", oauth_token="a%2Fb",oauth_nonce="n"')).toEqual([
      ['oauth_token', 'a/b'],
      ['oauth_nonce', 'n'],
    ]);
    expect(parseAuthorizationHeader('Bearer abc')).toBeUndefined();
    expect(parseAuthorizationHeader('OAuth oauth_token=unquoted')).toBeUndefined();
  });

  it("accepts X's documented request, signed with the documented secrets, in the sandbox's verifier", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(DOC.timestamp * 1000 + 30_000);
    const verifier = new OAuth1Verifier(
      { consumerKey: DOC.consumerKey, consumerSecret: DOC.consumerSecret },
      'https://api.twitter.com',
    );
    const { header, signature } = signRequest({
      method: DOC.method,
      url: `${DOC.url}?include_entities=true`,
      form: DOC.body,
      consumerKey: DOC.consumerKey,
      consumerSecret: DOC.consumerSecret,
      token: DOC.token,
      tokenSecret: DOC.tokenSecret,
      nonce: DOC.nonce,
      timestamp: DOC.timestamp,
    });
    expect(signature).toBe(DOC.signature);
    const request = {
      method: 'POST',
      authorization: header,
      host: 'api.twitter.com',
      url: new URL('https://api.twitter.com/1.1/statuses/update.json?include_entities=true'),
      form: new URLSearchParams(DOC.body),
      tokenSecret: (token: string | undefined) => (token === DOC.token ? DOC.tokenSecret : undefined),
    };
    expect(verifier.verify(request)).toMatchObject({ ok: true });
    // The same nonce with the same timestamp is a replay.
    expect(verifier.verify(request)).toEqual({ ok: false, failure: 'nonce_reused' });
  });

  it('refuses the documented request when anything signed changes', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(DOC.timestamp * 1000);
    const verifier = new OAuth1Verifier(
      { consumerKey: DOC.consumerKey, consumerSecret: DOC.consumerSecret },
      'https://api.twitter.com',
    );
    const header = `OAuth ${[
      ...DOC_PARAMS.filter(([name]) => name.startsWith('oauth_')),
      ['oauth_signature', DOC.signature] as const,
    ]
      .map(([name, value]) => `${name}="${percentEncode(value)}"`)
      .join(', ')}`;
    const base = {
      method: 'POST',
      authorization: header,
      host: 'api.twitter.com',
      tokenSecret: () => DOC.tokenSecret,
    };
    const url = new URL(`${DOC.url}?include_entities=true`);
    expect(verifier.verify({ ...base, url, form: new URLSearchParams({ status: 'Hello Ladies!' }) })).toEqual(
      {
        ok: false,
        failure: 'bad_signature',
      },
    );
    expect(verifier.verify({ ...base, url: new URL(DOC.url), form: new URLSearchParams(DOC.body) })).toEqual({
      ok: false,
      failure: 'bad_signature',
    });
    vi.setSystemTime((DOC.timestamp + 301) * 1000);
    expect(verifier.verify({ ...base, url, form: new URLSearchParams(DOC.body) })).toEqual({
      ok: false,
      failure: 'timestamp',
    });
  });
});
