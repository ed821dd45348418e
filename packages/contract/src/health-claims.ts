import { z } from 'zod';
import { text } from './common.js';

// Health-claim checks (issue 30): fitness captions that promise cures, guaranteed or rapid results,
// detoxes or unsourced proof are what advertising rules restrict. One pure checker, shared by the
// server (every caption it saves) and the web app (the composer and Auto-Post form as they type).
// The rules flag wording, not topics: "arthritis-friendly class" passes, "cures arthritis" does not.

/** The built-in rules, by id (ids are stored in the organisation's settings; never shown). */
export const healthClaimRuleIds = [
  'cure',
  'guarantee',
  'rapid-loss',
  'detox',
  'unsourced-proof',
  'condition-promise',
] as const;
export type HealthClaimRuleId = (typeof healthClaimRuleIds)[number];
/** A warning's rule: a built-in one, or a phrase the organisation added. */
export type HealthClaimRule = HealthClaimRuleId | 'organisation';

export interface HealthClaimRuleText {
  /** What the settings screen calls the rule. */
  name: string;
  /** Why the wording is a problem, shown with each warning. */
  explanation: string;
  /** Wording that says the same thing safely. */
  suggestion: string;
}

/** Medical conditions a caption may mention but must not promise to cure or prevent. */
const conditions = [
  'back pain',
  'joint pain',
  'knee pain',
  'chronic pain',
  'pain',
  'anxiety',
  'depression',
  'diabetes',
  'type 2 diabetes',
  'arthritis',
  'osteoporosis',
  'insomnia',
  'migraines?',
  'asthma',
  'cancer',
  'heart disease',
  'disease',
  'high blood pressure',
  'blood pressure',
  'hypertension',
  'high cholesterol',
  'cholesterol',
  'obesity',
  'ibs',
  'pcos',
  'adhd',
  'fibromyalgia',
  'inflammation',
  'injur(?:y|ies)',
  'sciatica',
  'acne',
  'cellulite',
  'illness(?:es)?',
].join('|');

const word = String.raw`[^\s.!?,;:]+`;
const sep = String.raw`[\s,;:–—-]+`;
/** Up to `n` words (each possibly a merge token's text) between two parts of a pattern. */
const gap = (n: number) => String.raw`(?:${sep}${word}){0,${n}}?${sep}`;

const ruleTexts: Record<HealthClaimRuleId, HealthClaimRuleText> = {
  cure: {
    name: 'Cures or treats a condition',
    explanation: 'Saying exercise or a product cures, treats or heals a condition is a medical claim.',
    suggestion: 'Say how it may help you feel, e.g. “many clients find it eases their back”.',
  },
  guarantee: {
    name: 'Guaranteed results',
    explanation: 'Results depend on the person; a guarantee of results is misleading.',
    suggestion: 'Describe the work, e.g. “a plan built around your goals”.',
  },
  'rapid-loss': {
    name: 'Weight or size loss in a set time',
    explanation:
      'A number of kilos, pounds or sizes lost in a set time is a claim advertising rules restrict.',
    suggestion: 'Talk about habits and progress, e.g. “build habits that last”.',
  },
  detox: {
    name: 'Detox or cleanse',
    explanation:
      'Detox and cleanse claims suggest the body needs flushing of toxins, which is not supported.',
    suggestion: 'Name what it is, e.g. “a fresh, vegetable-packed menu”.',
  },
  'unsourced-proof': {
    name: 'Proof without a source',
    explanation: '“Clinically proven” or “doctor approved” needs the study or the doctor named.',
    suggestion: 'Name the source (e.g. “Source: …”) or say “our clients love it”.',
  },
  'condition-promise': {
    name: 'Promise about a medical condition',
    explanation: 'Promising to end, reverse or prevent a medical condition is a medical claim.',
    suggestion: 'Say it is suitable for, or adapted to, the condition, and to check with a doctor.',
  },
};

/** What each built-in rule is called, and its explanation and safer wording. */
export const healthClaimRules: Record<HealthClaimRuleId, HealthClaimRuleText> = ruleTexts;

/** Where the caption names a source, "clinically proven" is not flagged. */
const sourcePattern =
  /\b(?:source[sd]?\s*:|according to|published in|journal|study|studies|doi|pubmed|et al)\b/i;

/** Each built-in rule's patterns (case-insensitive, over the whole caption). */
const rulePatterns: Record<HealthClaimRuleId, RegExp[]> = {
  cure: [
    new RegExp(
      String.raw`\b(?:cure[sd]?|curing|treats?|treated|treating|heal(?:s|ed|ing)?)${gap(3)}(?:${conditions})\b`,
      'gi',
    ),
  ],
  guarantee: [
    new RegExp(
      String.raw`\bguarantee[sd]?${gap(3)}(?:results?|to lose|weight loss|fat loss|you(?:'|’)ll|you will|abs|a six[- ]pack|transformation|to (?:see|get|drop|burn|lose))\b`,
      'gi',
    ),
    /\b(?:results?|weight loss|fat loss|transformation)\s+(?:are\s+|is\s+)?(?:100%\s+)?guaranteed\b/gi,
    /\b100%\s+guaranteed\b/gi,
  ],
  'rapid-loss': [
    new RegExp(
      String.raw`\b(?:lose|losing|lost|drop|dropping|dropped|shed|shedding|burn|burning|melt)\b[^.!?\n]{0,30}?\b\d+(?:[.,]\d+)?\s*(?:kg|kgs|kilos?|lbs?|pounds?|stone|inch(?:es)?|cm|dress sizes?|sizes?)\b[^.!?\n]{0,16}?\b(?:in|within|after|over)\s+(?:just\s+|only\s+)?(?:\d+|a|an|one|two|three|four|six|ten)?\s*(?:days?|weeks?|months?)\b`,
      'gi',
    ),
  ],
  detox: [
    /(?<!\b(?:digital|social media|screen|phone|dopamine)\s)\bdetox(?:es|ed|ing|ify|ifying|ification)?\b/gi,
    /\b(?:juice\s+)?cleanse[sd]?\b|\bcleansing\b/gi,
    new RegExp(
      String.raw`\b(?:flush|flushes|remove|removes|eliminate|eliminates|purge|draw)${gap(3)}toxins\b`,
      'gi',
    ),
  ],
  'unsourced-proof': [
    /\b(?:clinically|scientifically|medically)\s+(?:proven|tested|shown)\b|\bproven by science\b|\bscience[- ]backed\b|\bbacked by science\b|\b(?:doctors?|physio|dermatologist|nutritionist)[- ](?:approved|recommended)\b/gi,
  ],
  'condition-promise': [
    new RegExp(
      String.raw`\b(?:reverse[sd]?|reversing|beat|beats|end|ends|eliminate[sd]?|prevent(?:s|ed)?|stop|stops|banish(?:es)?|get rid of|goodbye to|no more|free (?:of|from)|fix(?:es|ed)?|overcome)${gap(3)}(?:${conditions})\b`,
      'gi',
    ),
    new RegExp(
      String.raw`\b(?:${conditions})${gap(2)}(?:gone|cured|reversed|disappears?|vanish(?:es)?)\b`,
      'gi',
    ),
  ],
};

/** A phrase an organisation added: flagged wherever it appears, with its own safer wording. */
export const healthClaimPhrase = z
  .object({
    phrase: text.trim().min(2, 'Enter a phrase of at least 2 characters').max(100),
    suggestion: text.trim().max(200).default(''),
  })
  .strict();
export type HealthClaimPhrase = z.infer<typeof healthClaimPhrase>;

export const healthClaimLimits = { maxPhrases: 100 } as const;

/** What a check runs with: the built-in rules switched off, and the organisation's phrases. */
interface ClaimCheckOptions {
  claimRulesOff: readonly string[];
  claimPhrases: readonly HealthClaimPhrase[];
}

/** GET /api/settings/health-claims: the rules every member's composer checks with as they type. */
export const healthClaimSettings = z
  .object({ claimRulesOff: z.array(z.enum(healthClaimRuleIds)), claimPhrases: z.array(healthClaimPhrase) })
  .meta({ id: 'HealthClaimSettings' });
export type HealthClaimSettings = z.infer<typeof healthClaimSettings>;

const healthClaimWarning = z
  .object({
    /** The words as the caption has them. */
    phrase: z.string(),
    rule: z.enum([...healthClaimRuleIds, 'organisation']),
    explanation: z.string(),
    suggestion: z.string(),
  })
  .meta({ id: 'HealthClaimWarning' });
export type HealthClaimWarning = z.infer<typeof healthClaimWarning>;
export const healthClaimWarnings = z.array(healthClaimWarning);

const organisationExplanation = 'Your organization asked members to avoid this wording.';
const organisationSuggestion = 'Reword it, or leave it out.';

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The health claims in `caption`, first to last, each span once (the first rule to match it wins).
 * `settings` switches built-in rules off and adds the organisation's phrases; none: every rule.
 */
export function checkHealthClaims(
  caption: string,
  settings: ClaimCheckOptions = { claimRulesOff: [], claimPhrases: [] },
): HealthClaimWarning[] {
  const found: { start: number; end: number; warning: HealthClaimWarning }[] = [];
  const add = (start: number, end: number, warning: HealthClaimWarning) => {
    if (found.some((f) => start < f.end && f.start < end)) return;
    found.push({ start, end, warning });
  };
  const sourced = sourcePattern.test(caption);
  for (const rule of healthClaimRuleIds) {
    if (settings.claimRulesOff.includes(rule)) continue;
    if (rule === 'unsourced-proof' && sourced) continue;
    const { explanation, suggestion } = ruleTexts[rule];
    for (const pattern of rulePatterns[rule])
      for (const m of caption.matchAll(pattern))
        add(m.index, m.index + m[0].length, { phrase: m[0], rule, explanation, suggestion });
  }
  for (const { phrase, suggestion } of settings.claimPhrases) {
    const words = phrase.trim();
    if (!words) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(words)}(?![\\p{L}\\p{N}])`, 'giu');
    for (const m of caption.matchAll(pattern))
      add(m.index, m.index + m[0].length, {
        phrase: m[0],
        rule: 'organisation',
        explanation: organisationExplanation,
        suggestion: suggestion || organisationSuggestion,
      });
  }
  return found.sort((a, b) => a.start - b.start).map((f) => f.warning);
}

/** The warnings of several texts (an Auto-Post's body and X variants), each phrase once. */
export function checkHealthClaimsIn(
  captions: readonly string[],
  settings?: ClaimCheckOptions,
): HealthClaimWarning[] {
  const seen = new Set<string>();
  return captions
    .flatMap((caption) => checkHealthClaims(caption, settings))
    .filter((w) => {
      const key = `${w.rule}:${w.phrase.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The 422 message naming each phrase an Auto-Post must be acknowledged for. */
export function healthClaimRefusal(warnings: readonly HealthClaimWarning[]): string {
  const phrases = warnings.map((w) => `“${w.phrase}”`).join(', ');
  return `Check these health claims before the Auto-Post goes out in the organization’s name: ${phrases}. Reword them, or tick “I have checked these claims”.`;
}
