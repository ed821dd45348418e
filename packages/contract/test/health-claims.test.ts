import { describe, expect, it } from 'vitest';
import { healthClaimCorpus } from '../src/health-claim-corpus.js';

const { flagged: mustFlag, clean: mustNotFlag } = healthClaimCorpus;
import { checkHealthClaims, checkHealthClaimsIn, healthClaimRefusal } from '../src/health-claims.js';

describe('checkHealthClaims', () => {
  it('has a corpus of at least 60 captions, half that must flag', () => {
    expect(mustFlag.length).toBeGreaterThanOrEqual(30);
    expect(mustNotFlag.length).toBeGreaterThanOrEqual(30);
  });

  it.each(mustFlag)('flags "$caption" by its rule', ({ caption, rule }) => {
    const warnings = checkHealthClaims(caption);
    expect(warnings.map((w) => w.rule)).toContain(rule);
    for (const w of warnings) {
      expect(caption.toLowerCase()).toContain(w.phrase.toLowerCase());
      expect(w.explanation).not.toBe('');
      expect(w.suggestion).not.toBe('');
    }
  });

  it.each(mustNotFlag)('does not flag "%s"', (caption) => {
    expect(checkHealthClaims(caption)).toEqual([]);
  });

  it('names the phrase as written, each span once, in order', () => {
    expect(checkHealthClaims('Detox now! Lose 5 kg in 1 week. CURES back pain.')).toEqual([
      expect.objectContaining({ phrase: 'Detox', rule: 'detox' }),
      expect.objectContaining({ phrase: 'Lose 5 kg in 1 week', rule: 'rapid-loss' }),
      expect.objectContaining({ phrase: 'CURES back pain', rule: 'cure' }),
    ]);
  });

  it('skips the rules switched off and adds the organisation’s phrases', () => {
    const settings = {
      claimRulesOff: ['detox'],
      claimPhrases: [{ phrase: 'fat-burning', suggestion: 'energetic' }],
    };
    expect(checkHealthClaims('A fat-burning detox class.', settings)).toEqual([
      {
        phrase: 'fat-burning',
        rule: 'organisation',
        explanation: expect.any(String),
        suggestion: 'energetic',
      },
    ]);
    // A phrase matches whole words only.
    expect(checkHealthClaims('Our fat-burningest class', settings)).toEqual([]);
  });

  it('names each phrase once across an Auto-Post’s texts, and in the refusal', () => {
    const warnings = checkHealthClaimsIn(['Detox week!', 'detox week, day 2', 'Clinically proven.']);
    expect(warnings.map((w) => w.phrase)).toEqual(['Detox', 'Clinically proven']);
    expect(healthClaimRefusal(warnings)).toContain('“Detox”, “Clinically proven”');
  });
});
