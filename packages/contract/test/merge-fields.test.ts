import { describe, expect, it } from 'vitest';
import {
  addMergeFallback,
  fillMergeFields,
  hasMergeFields,
  longestMergeText,
  longestUtmLink,
  memberDetailProblem,
  memberDetailProperties,
  memberMergeValues,
  mergeFieldMaxLength,
  mergeFieldNames,
  mergeFieldsWithoutFallback,
  readsWithout,
  unknownMergeFieldMessage,
  unknownMergeFields,
  utmContentLength,
  withUtm,
  type MergeValues,
} from '../src/merge-fields.js';
import { fitMergeValuesForX, fitsXWithin, textLength } from '../src/platform-rules.js';
import { networks } from '../src/names.js';
import { propertyPut } from '../src/user.js';

const ana: MergeValues = {
  first_name: 'Ana',
  full_name: 'Ana Souza',
  business_name: 'Souza Strength',
  city: 'Lisbon',
  booking_link: 'https://book.example/ana',
  sign_off: 'Train hard, Ana',
};

describe('fillMergeFields', () => {
  it('fills every field with the member’s own value', () => {
    const template = mergeFieldNames.map((n) => `${n}={${n}}`).join('; ');
    expect(fillMergeFields(template, ana)).toBe(
      'first_name=Ana; full_name=Ana Souza; business_name=Souza Strength; city=Lisbon; ' +
        'booking_link=https://book.example/ana; sign_off=Train hard, Ana',
    );
  });

  it('uses the fallback only when the value is missing or blank', () => {
    const template = 'Come to {business_name|my studio} in {city|town}';
    expect(fillMergeFields(template, ana)).toBe('Come to Souza Strength in Lisbon');
    expect(fillMergeFields(template, {})).toBe('Come to my studio in town');
    expect(fillMergeFields(template, { business_name: '   ', city: null })).toBe('Come to my studio in town');
  });

  it('drops a missing field without a fallback and closes the sentence around it', () => {
    const cases: [string, string][] = [
      ['Hi {first_name}, welcome!', 'Hi, welcome!'],
      ['Thanks, {first_name}!', 'Thanks!'],
      ['Visit us in {city}.', 'Visit us.'],
      ['Train with {full_name} today', 'Train today'],
      ['{first_name}, the new season starts now', 'the new season starts now'],
      ['Classes at {business_name} ({city}) are open', 'Classes are open'],
      ['New classes!\n{sign_off}', 'New classes!'],
      ['New classes!\n{sign_off}\nSee you', 'New classes!\nSee you'],
      ['Book: {booking_link} {sign_off}', ''],
      ['Hi, I am {first_name} from {city}. Book: {booking_link}', 'Hi, I am.'],
      ['Train hard.\nBook here: {booking_link}\nSee you', 'Train hard.\nSee you'],
      ['Hi there, book: {booking_link}', 'Hi there'],
      ['{first_name} {city}', ''],
      ['Hi {first_name} {full_name} there', 'Hi there'],
    ];
    for (const [template, expected] of cases) {
      const out = fillMergeFields(template, {});
      expect(out, template).toBe(expected);
      expect(out).not.toMatch(/[{}]/);
      expect(out).not.toContain(String.fromCharCode(0));
      expect(out).not.toMatch(/ {2}| [,.!?]/);
    }
  });

  it('never leaves a sentence dangling on a dropped field’s lead-in words (issue 26)', () => {
    const template = 'Hi, I am {first_name} from {city}. Book: {booking_link}';
    expect(fillMergeFields(template, { first_name: 'Casey' })).toBe('Hi, I am Casey.');
    expect(fillMergeFields(template, { first_name: 'Casey', city: 'Austin' })).toBe(
      'Hi, I am Casey from Austin.',
    );
    expect(fillMergeFields('Classes in {city|your area}.', {})).toBe('Classes in your area.');
  });

  it('finds the fields without a fallback, adds one, and says what a member without it reads', () => {
    const template =
      'Hi, I am {first_name} from {city}. Come to {business_name|my studio}!\nBook: {booking_link}';
    expect(mergeFieldsWithoutFallback(template)).toEqual(['first_name', 'city', 'booking_link']);
    expect(readsWithout(template, 'city')).toBe('Hi, I am {first_name}.');
    expect(readsWithout(template, 'booking_link')).toBe('');
    expect(readsWithout(template, 'business_name')).toBe('');
    const fixed = addMergeFallback(template, 'city', 'near {you}|');
    expect(fixed).toBe(
      'Hi, I am {first_name} from {city|near you}. Come to {business_name|my studio}!\nBook: {booking_link}',
    );
    expect(mergeFieldsWithoutFallback(fixed)).toEqual(['first_name', 'booking_link']);
    expect(addMergeFallback(template, 'city', '  ')).toBe(template);
  });

  it('never expands braces in a member’s own values', () => {
    const values: MergeValues = {
      first_name: '{full_name}',
      full_name: 'Jo {city} }{',
      business_name: '{unknown}',
      city: '{{city}}',
    };
    expect(fillMergeFields('{first_name} / {full_name} / {business_name} / {city}', values)).toBe(
      '{full_name} / Jo {city} }{ / {unknown} / {{city}}',
    );
  });

  it('keeps the author’s other braces and leaves unknown fields as written', () => {
    expect(fillMergeFields('Sets: { 3 x 10 } for {first_name}', ana)).toBe('Sets: { 3 x 10 } for Ana');
    expect(fillMergeFields('{nick_name} hi', ana)).toBe('{nick_name} hi');
  });

  it('keeps Unicode names whole', () => {
    const values = memberMergeValues([], 'Zoë Ørsted-Łukasz 🏋️‍♀️');
    expect(values.first_name).toBe('Zoë');
    expect(fillMergeFields('Hi {first_name} & {full_name}', values)).toBe('Hi Zoë & Zoë Ørsted-Łukasz 🏋️‍♀️');
    expect(fillMergeFields('{first_name}さん、こんにちは', { first_name: '陽菜' })).toBe(
      '陽菜さん、こんにちは',
    );
  });
});

describe('unknownMergeFields', () => {
  it('names each unknown field once and knows every listed field', () => {
    expect(unknownMergeFields('{first_name} {firstname} {City} {firstname|x} {5 reps}')).toEqual([
      'firstname',
      'City',
    ]);
    for (const n of mergeFieldNames) expect(unknownMergeFields(`{${n}} {${n}|fallback}`)).toEqual([]);
    expect(unknownMergeFieldMessage(['firstname'])).toMatch(
      /^Unknown merge field \{firstname\}\. Use one of/,
    );
    expect(hasMergeFields('plain { text }')).toBe(false);
    expect(hasMergeFields('Hi {city|there}')).toBe(true);
  });
});

describe('longestMergeText', () => {
  it('is at least as long as any member’s text on every network', () => {
    const template =
      'Hi from {full_name} at {business_name|my studio} in {city}. Book {booking_link} {sign_off}';
    const longest = longestMergeText(template);
    const extremes: Record<string, string>[] = [
      // Latin at the limit, CJK and emoji (X counts 2) cut by the fitter, a long link (X: 23).
      {
        displayName: 'W'.repeat(80),
        businessName: 'W'.repeat(80),
        city: 'W'.repeat(80),
        signOff: 'W'.repeat(80),
      },
      {
        displayName: '陽'.repeat(80),
        businessName: '陽'.repeat(80),
        city: '陽'.repeat(80),
        signOff: '陽'.repeat(80),
      },
      {
        displayName: '💪'.repeat(80),
        businessName: '💪'.repeat(80),
        city: '💪'.repeat(80),
        signOff: '💪'.repeat(80),
      },
      { bookingLink: `https://example.com/${'b'.repeat(180)}` },
      {},
    ];
    for (const details of extremes) {
      // As the fan-out reads them: the member's properties, cut to the limits, then fitted for X.
      const properties = Object.entries(details).map(([d, value]) => ({
        name: memberDetailProperties[d as keyof typeof memberDetailProperties],
        value,
      }));
      const values = fitMergeValuesForX(memberMergeValues(properties, ''));
      for (const network of networks) {
        const filled = fillMergeFields(template, values);
        expect(textLength(network, filled), network).toBeLessThanOrEqual(textLength(network, longest));
      }
    }
  });

  it('counts a fallback longer than the field’s limit', () => {
    const fallback = 'a studio with a very long name that goes on and on and on and on and on';
    expect(longestMergeText(`{city|${fallback}}`)).toBe(fallback);
    expect(longestMergeText('{city}')).toHaveLength(mergeFieldMaxLength.city);
  });

  it('counts the booking link as X counts any link: 23', () => {
    expect(textLength('x', longestMergeText('{booking_link}'))).toBe(23);
    expect(textLength('linkedin', longestMergeText('{booking_link}'))).toBe(mergeFieldMaxLength.booking_link);
  });
});

describe('fitMergeValuesForX', () => {
  it('cuts what X weighs double to the limit without splitting a character', () => {
    const values = fitMergeValuesForX({ ...memberMergeValues([], ''), city: '陽'.repeat(40) });
    expect(values.city).toBe('陽'.repeat(20));
    expect(fitsXWithin(values.city, mergeFieldMaxLength.city)).toBe(true);
    const emoji = fitMergeValuesForX({ ...memberMergeValues([], ''), sign_off: '💪'.repeat(45) });
    expect([...emoji.sign_off].every((c) => c === '💪')).toBe(true);
  });
});

describe('withUtm', () => {
  const tags = { network: 'linkedin' as const, campaign: 'ap-1', content: 'abc123' };

  it('adds the four tags and keeps the admin’s own', () => {
    const url = new URL(withUtm('https://fit.example/offer?utm_campaign=spring&x=1#top', tags));
    expect(url.searchParams.get('utm_source')).toBe('linkedin');
    expect(url.searchParams.get('utm_medium')).toBe('social');
    expect(url.searchParams.get('utm_campaign')).toBe('spring');
    expect(url.searchParams.get('utm_content')).toBe('abc123');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.hash).toBe('#top');
  });

  it('is never shorter than the real link on any network, and X counts it 23 either way', () => {
    const link = 'https://fit.com/offer';
    const longest = longestUtmLink(link);
    for (const network of networks) {
      const real = withUtm(link, {
        network,
        campaign: crypto.randomUUID(),
        content: 'f'.repeat(utmContentLength),
      });
      expect(longest.length).toBeGreaterThanOrEqual(real.length);
    }
    expect(textLength('x', longest)).toBe(23);
    expect(withUtm('not a link', tags)).toBe('not a link');
  });
});

describe('member details', () => {
  it('defaults the display name to the sign-in name and derives the first name', () => {
    expect(memberMergeValues([], '  Maria   da Silva ')).toMatchObject({
      first_name: 'Maria',
      full_name: 'Maria   da Silva',
      city: '',
    });
    const props = [
      { name: memberDetailProperties.displayName, value: 'Coach Mia' },
      { name: memberDetailProperties.city, value: 'Porto' },
    ];
    expect(memberMergeValues(props, 'Maria')).toMatchObject({
      first_name: 'Coach',
      full_name: 'Coach Mia',
      city: 'Porto',
    });
    expect(memberMergeValues([], 'N'.repeat(80)).full_name).toHaveLength(mergeFieldMaxLength.full_name);
  });

  it('refuses long values and links that are not http(s)', () => {
    expect(memberDetailProblem('city', 'c'.repeat(41))).toBe('Use at most 40 characters.');
    expect(memberDetailProblem('city', 'c'.repeat(40))).toBeNull();
    expect(memberDetailProblem('bookingLink', '')).toBeNull();
    expect(memberDetailProblem('bookingLink', 'https://book.example/me')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'ftp://x.example', 'book.example', 'https://a.example/ b'])
      expect(memberDetailProblem('bookingLink', bad), bad).toMatch(/https:\/\//);
  });

  it('is checked by the properties API’s schema, other properties untouched', () => {
    expect(propertyPut.safeParse({ [memberDetailProperties.bookingLink]: 'nope' }).success).toBe(false);
    expect(propertyPut.safeParse({ [memberDetailProperties.signOff]: 's'.repeat(61) }).success).toBe(false);
    expect(propertyPut.safeParse({ [memberDetailProperties.signOff]: 'Stay strong' }).success).toBe(true);
    expect(propertyPut.safeParse({ favouriteColour: 's'.repeat(61) }).success).toBe(true);
  });
});
