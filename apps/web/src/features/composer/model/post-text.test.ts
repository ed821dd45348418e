import { describe, expect, it } from 'vitest';
import { postText } from '@/components/network-preview/preview-text';
import { networkCount, networkProblem } from './post-text';

describe('postText', () => {
  it('puts the link after the body as its own paragraph, once', () => {
    expect(postText('Leg day', 'https://fit.example.org/legs')).toBe(
      'Leg day\n\nhttps://fit.example.org/legs',
    );
    expect(postText('Leg day https://fit.example.org/legs', 'https://fit.example.org/legs')).toBe(
      'Leg day https://fit.example.org/legs',
    );
    expect(postText('', ' https://fit.example.org/legs ')).toBe('https://fit.example.org/legs');
    expect(postText('Leg day', '  ')).toBe('Leg day');
  });
});

describe('networkCount', () => {
  it('counts plain text the same everywhere', () => {
    for (const network of ['x', 'linkedin', 'facebook', 'instagram'] as const) {
      expect(networkCount(network, 'Leg day').length).toBe(7);
    }
  });

  it('weighs every link on X as 23 characters, however long, and counts it in full elsewhere', () => {
    const short = 'https://bit.ly/a';
    const long = `https://fitpro.example.com/${'programme/'.repeat(10)}squats`;
    expect(networkCount('x', `Read ${short}`).length).toBe(5 + 23);
    expect(networkCount('x', `Read ${long}`).length).toBe(5 + 23);
    expect(networkCount('linkedin', `Read ${long}`).length).toBe(5 + long.length);
  });

  it('counts an emoji as 2 on X and in UTF-16 units elsewhere, never splitting it', () => {
    expect(networkCount('x', '💪').length).toBe(2);
    expect(networkCount('x', '👍🏽').length).toBe(2);
    expect(networkCount('x', '👨‍👩‍👧‍👦').length).toBe(2);
    expect(networkCount('linkedin', '👍🏽').length).toBe(4);
    expect(networkCount('instagram', '👨‍👩‍👧‍👦').length).toBe(11);
  });

  it("uses each network's limit from the contract", () => {
    expect(networkCount('x', 'a'.repeat(280))).toEqual({
      network: 'x',
      length: 280,
      limit: 280,
      over: false,
    });
    expect(networkCount('x', 'a'.repeat(281)).over).toBe(true);
    expect(networkCount('x', '💪'.repeat(141)).over).toBe(true);
    expect(networkCount('linkedin', 'a'.repeat(3001))).toMatchObject({ limit: 3000, over: true });
    expect(networkCount('instagram', 'a'.repeat(2200))).toMatchObject({ limit: 2200, over: false });
    expect(networkCount('facebook', 'a'.repeat(2201)).over).toBe(false);
  });
});

describe('networkProblem', () => {
  it('says in plain words what keeps a post off a network', () => {
    expect(networkProblem('x', 'a'.repeat(281), false)).toBe('X allows 280 characters; this post has 281.');
    expect(networkProblem('instagram', 'Leg day', false)).toBe('Instagram needs an image with every post.');
    expect(networkProblem('instagram', 'Leg day', true)).toBeNull();
    expect(networkProblem('linkedin', 'Leg day', false)).toBeNull();
  });
});
