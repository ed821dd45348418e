import { describe, expect, it } from 'vitest';

import {
  authorizationHeader,
  baseStringUri,
  hmacSha1,
  normalizeParameters,
  percentEncode,
  sign,
  signatureBaseString,
} from './oauth1.js';

/**
 * The worked example on X's "Creating a signature" page, with its exact inputs. The published signature was
 * computed for https://api.twitter.com/1.1/statuses/update.json (the page now prints api.x.com in its prose,
 * but only the twitter.com URL reproduces hCtSmYh+iHYCEqBWrE7C7hYmtUk=).
 */
const EXAMPLE = {
  method: 'POST',
  url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
  form: new URLSearchParams({ status: 'Hello Ladies + Gentlemen, a signed OAuth request!' }),
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: 1318622958,
};
const PARAMETER_STRING =
  'include_entities=true&oauth_consumer_key=xvz1evFS4wEEPTGEFPHBog&oauth_nonce=kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1318622958&oauth_token=370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb&oauth_version=1.0&status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21';
const BASE_STRING = `POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&${percentEncode(PARAMETER_STRING)}`;

describe('OAuth 1.0a signing (RFC 5849)', () => {
  it('percent-encodes as RFC 5849 §3.6 and X\'s "Percent encoding parameters" page show', () => {
    expect(percentEncode('Ladies + Gentlemen')).toBe('Ladies%20%2B%20Gentlemen');
    expect(percentEncode('An encoded string!')).toBe('An%20encoded%20string%21');
    expect(percentEncode('Dogs, Cats & Mice')).toBe('Dogs%2C%20Cats%20%26%20Mice');
    expect(percentEncode('☃')).toBe('%E2%98%83');
    expect(percentEncode("-._~*'()")).toBe('-._~%2A%27%28%29');
  });

  it('reproduces the documented parameter string, base string and signature', () => {
    const signed = sign(EXAMPLE);
    expect(signed.baseString).toBe(BASE_STRING);
    expect(signed.signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
    expect(hmacSha1(BASE_STRING, EXAMPLE.consumerSecret, EXAMPLE.tokenSecret)).toBe(
      'hCtSmYh+iHYCEqBWrE7C7hYmtUk=',
    );
  });

  it('builds the Authorization header with every protocol parameter encoded', () => {
    expect(authorizationHeader(EXAMPLE)).toBe(
      'OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1318622958", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_version="1.0", oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"',
    );
  });

  it('normalizes query and form parameters together, repeated names sorted by value (§3.4.1.3.2)', () => {
    expect(
      normalizeParameters([
        ['b5', '=%3D'],
        ['a3', 'a'],
        ['c@', ''],
        ['a2', 'r b'],
        ['c2', ''],
        ['a3', '2 q'],
      ]),
    ).toBe('a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=');
    const url = new URL('HTTP://Example.COM:80/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b');
    const base = signatureBaseString('post', url, [...url.searchParams.entries(), ['c2', ''], ['a3', '2 q']]);
    expect(base).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D',
    );
  });

  it('keeps a non-default port in the base string URI and drops a default one (§3.4.1.2)', () => {
    expect(baseStringUri(new URL('https://api.x.com:443/2/tweets?x=1'))).toBe('https://api.x.com/2/tweets');
    expect(baseStringUri(new URL('http://127.0.0.1:4000/x/2/tweets'))).toBe(
      'http://127.0.0.1:4000/x/2/tweets',
    );
  });

  it('uses a fresh nonce and the current time when none is given', () => {
    const first = sign({ ...EXAMPLE, nonce: undefined, timestamp: undefined });
    const second = sign({ ...EXAMPLE, nonce: undefined, timestamp: undefined });
    expect(first.oauth.oauth_nonce).not.toBe(second.oauth.oauth_nonce);
    expect(Math.abs(Number(first.oauth.oauth_timestamp) - Date.now() / 1000)).toBeLessThan(5);
  });
});
