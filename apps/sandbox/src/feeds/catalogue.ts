import type { Theme } from './artwork.js';

/** One article of a demo feed: a plain-text title, and its body as HTML the way a publisher's site writes it. */
export interface Article {
  slug: string;
  title: string;
  html: string;
  tags: readonly string[];
}

export interface DemoFeed {
  /** Path under /feeds, with its extension. */
  file: string;
  theme: Theme;
  format: 'rss' | 'atom' | 'json';
  /** Plain text, like the title and author. */
  title: string;
  description: string;
  author: string;
  articles: readonly Article[];
}

const a = (slug: string, title: string, html: string, ...tags: string[]): Article => ({
  slug,
  title,
  html,
  tags,
});

const STRENGTH: readonly Article[] = [
  a(
    'back-squat-cues',
    '5 cues for a stronger back squat',
    '<p>Brace <strong>before</strong> you descend, keep the mid-foot loaded &amp; let the knees travel over the toes.</p><p>Film one set from the side this week and check bar path.</p>',
    'squat',
    'technique',
  ),
  a(
    'hinge-progressions',
    'Hip hinge progressions for new clients',
    '<p>Dowel hinge &rarr; kettlebell deadlift &rarr; trap-bar deadlift. Move on when three sets of eight look identical.</p>',
    'deadlift',
    'beginners',
  ),
  a(
    'deload-weeks',
    'Deload weeks without losing momentum',
    '<p>Every fourth week, cut volume by 40&nbsp;% and keep intensity. Clients come back fresher &mdash; and they keep showing up.</p>',
    'programming',
  ),
  a(
    'grip-strength',
    'Grip strength: the forgotten lift',
    '<p>Farmer&#8217;s carries, dead hangs and plate pinches twice a week. Stronger hands, bigger pulls.</p>',
    'grip',
    'accessories',
  ),
  a(
    'bench-setup',
    'Bench press set-up in four steps',
    '<ol><li>Eyes under the bar</li><li>Shoulder blades down &amp; back</li><li>Feet planted</li><li>Unrack with straight arms</li></ol>',
    'bench press',
    'technique',
  ),
  a(
    'progressive-overload',
    'Progressive overload, explained for clients',
    '<p>Add a rep, then a set, then load. Write every session down: what gets measured gets lifted.</p>',
    'programming',
    'education',
  ),
  a(
    'rpe-guide',
    'Using RPE to auto-regulate training',
    '<p>An RPE of 8 means two reps left in the tank. Teach it with a warm-up set and a simple chart.</p>',
    'programming',
  ),
  a(
    'pull-up-progression',
    'From zero to first pull-up in 8 weeks',
    '<p>Scapular pulls, negatives and band-assisted sets, three times a week. Celebrate the first rep loudly.</p>',
    'pull-up',
    'bodyweight',
  ),
  a(
    'single-leg-work',
    'Why single-leg work belongs in every plan',
    '<p>Split squats and step-ups fix side-to-side gaps and spare the lower back. Start with bodyweight &times; 10 each side.</p>',
    'unilateral',
    'legs',
  ),
  a(
    'warm-up-ramp',
    'A ten-minute warm-up that ramps to the first work set',
    '<p>Raise, activate, mobilise, potentiate: two minutes each, then empty-bar sets.</p>',
    'warm-up',
  ),
  a(
    'tempo-training',
    'Tempo training for better control',
    '<p>3-1-1-0 tempo squats teach position under load. Expect to use 20&ndash;30&nbsp;% less weight.</p>',
    'technique',
    'tempo',
  ),
  a(
    'overhead-press',
    'Overhead press: squeeze the glutes, stack the ribs',
    '<p>A locked-in trunk turns a wobbly press into a strong one. Cue &ldquo;ribs down&rdquo; before every rep.</p>',
    'press',
    'technique',
  ),
  a(
    'training-over-50',
    'Strength training for clients over 50',
    '<p>Heavy enough to matter, slow enough to be safe. Strength is the best predictor of independence later in life.</p>',
    'older adults',
    'health',
  ),
  a(
    'rest-intervals',
    'How long to rest between sets',
    '<p>Two to three minutes for heavy compounds, 60&ndash;90 seconds for accessories. Use a timer, not a phone scroll.</p>',
    'programming',
  ),
  a(
    'kettlebell-swing',
    'The kettlebell swing is a hinge, not a squat',
    '<p>Hike the bell back, snap the hips, float it to chest height. Power comes from the hips &mdash; arms are ropes.</p>',
    'kettlebell',
    'power',
  ),
  a(
    'core-anti-rotation',
    'Anti-rotation core work that carries over',
    '<p>Pallof presses and suitcase carries beat endless crunches for a trunk that resists force.</p>',
    'core',
  ),
  a(
    'first-program',
    'Writing a first strength programme',
    '<p>Three full-body days, five movement patterns, two to three sets each. Simple wins.</p>',
    'programming',
    'beginners',
  ),
  a(
    'deadlift-lockout',
    'Fixing a slow deadlift lockout',
    '<p>Rack pulls, hip thrusts and a cue to &ldquo;push the floor away&rdquo; until the hips meet the bar.</p>',
    'deadlift',
  ),
  a(
    'home-gym',
    'A home gym for under £500',
    '<p>Adjustable dumbbells, a bench, bands and a door-frame bar cover 90&nbsp;% of what clients need.</p>',
    'equipment',
    'home training',
  ),
  a(
    'strength-for-runners',
    'Strength work for runners',
    '<p>Two short sessions a week: single-leg strength, calf raises and plyometrics. Fewer injuries, faster finishes.</p>',
    'running',
    'legs',
  ),
  a(
    'hypertrophy-basics',
    'Hypertrophy basics: volume, effort, consistency',
    '<p>10&ndash;20 hard sets per muscle per week, close to failure, for months. There is no secret.</p>',
    'muscle',
    'programming',
  ),
  a(
    'breathing-bracing',
    'Breathing and bracing under the bar',
    '<p>Breathe into the belt line, hold, lift, exhale at the top. The Valsalva manoeuvre protects the spine under load.</p>',
    'technique',
    'core',
  ),
  a(
    'plateau-busting',
    'Three ways through a strength plateau',
    '<p>Change the rep range, add a variation, or &mdash; most often &mdash; sleep and eat more.</p>',
    'programming',
  ),
  a(
    'push-up-standards',
    'Push-up standards every client can work towards',
    '<p>Chest to a fist-height target, body in one line, elbows at 45&deg;. Start on a bench and lower it over time.</p>',
    'bodyweight',
    'push-up',
  ),
  a(
    'strength-mindset',
    'Coaching the strength mindset',
    '<p>Praise effort and consistency, not just PRs. The client who trains for ten years wins.</p>',
    'coaching',
  ),
];

const NUTRITION: readonly Article[] = [
  a(
    'protein-targets',
    'How much protein do your clients really need?',
    '<p>1.6&nbsp;g per kg of body weight a day covers most lifters. Spread it across three to four meals.</p>',
    'protein',
  ),
  a(
    'pre-workout-meal',
    'What to eat before a morning session',
    '<p>A banana &amp; yoghurt 45 minutes before, or a coffee and a piece of toast. Keep it light and familiar.</p>',
    'pre-workout',
  ),
  a(
    'hydration-basics',
    'Hydration basics for training days',
    '<p>Drink to thirst, check urine colour and add salt on long, sweaty sessions.</p>',
    'hydration',
  ),
  a(
    'meal-prep-sunday',
    'Sunday meal prep in 90 minutes',
    '<ul><li>One tray of roast vegetables</li><li>A pot of grains</li><li>Two proteins</li><li>One sauce</li></ul><p>Mix and match all week.</p>',
    'meal prep',
  ),
  a(
    'fibre-first',
    'Fibre first: the underrated nutrient',
    '<p>Aim for 30&nbsp;g a day from beans, oats, fruit and veg. Fuller for longer, steadier energy.</p>',
    'fibre',
    'gut health',
  ),
  a(
    'creatine-faq',
    'Creatine: the most studied supplement, answered',
    '<p>3&ndash;5&nbsp;g a day, every day, any time. No loading phase needed.</p>',
    'supplements',
  ),
  a(
    'post-workout-window',
    'The post-workout “window” is wider than you think',
    '<p>Eat a protein-rich meal within a few hours; no need to sprint to the shaker.</p>',
    'post-workout',
    'protein',
  ),
  a(
    'plant-based-athletes',
    'Plant-based eating for strength athletes',
    '<p>Combine legumes, soy and grains; consider B12 and creatine. Performance doesn&#8217;t have to suffer.</p>',
    'plant-based',
  ),
  a(
    'portion-hand-guide',
    'Portion sizes with nothing but your hand',
    '<p>Palm of protein, fist of veg, cupped hand of carbs, thumb of fats &mdash; per meal.</p>',
    'portions',
    'education',
  ),
  a(
    'caffeine-timing',
    'Caffeine timing for performance and sleep',
    '<p>3&nbsp;mg per kg about an hour before training, and none after 2&nbsp;pm if sleep suffers.</p>',
    'caffeine',
    'sleep',
  ),
  a(
    'healthy-snacks',
    '12 high-protein snacks under 200 kcal',
    '<p>Skyr, edamame, jerky, cottage cheese on rice cakes, boiled eggs and more.</p>',
    'snacks',
    'protein',
  ),
  a(
    'alcohol-and-gains',
    'Alcohol and training: what clients should know',
    '<p>A drink won&#8217;t undo a week, but heavy sessions blunt recovery for days.</p>',
    'lifestyle',
  ),
  a(
    'carbs-are-fuel',
    'Carbohydrates are fuel, not the enemy',
    '<p>Hard training runs on glycogen. Time most carbs around sessions and choose mostly whole foods.</p>',
    'carbohydrates',
  ),
  a(
    'iron-for-women',
    'Iron needs for active women',
    '<p>Pair iron-rich foods with vitamin C; tea and coffee away from meals.</p>',
    'micronutrients',
    'women',
  ),
  a(
    'eating-out',
    'Eating out without derailing progress',
    '<p>Look at the menu in advance, lead with protein and veg, share dessert.</p>',
    'lifestyle',
    'habits',
  ),
  a(
    'fat-loss-habits',
    'Five habits that beat any fat-loss diet',
    '<p>Protein at every meal, vegetables twice a day, 8,000 steps, sleep 7&nbsp;hours, weigh in weekly.</p>',
    'fat loss',
    'habits',
  ),
  a(
    'gut-health',
    'Feeding the gut for better training',
    '<p>Fermented foods and a variety of plants (30 a week) support digestion &amp; immunity.</p>',
    'gut health',
  ),
  a(
    'electrolytes',
    'Electrolytes: who needs them?',
    '<p>Long sessions in the heat, heavy sweaters and endurance events. For a 45-minute gym session, water does.</p>',
    'hydration',
  ),
  a(
    'breakfast-ideas',
    'Quick breakfasts with 30 g of protein',
    '<p>Overnight oats with whey, egg &amp; spinach wraps, Greek yoghurt bowls.</p>',
    'breakfast',
    'protein',
  ),
  a(
    'reading-labels',
    'Reading food labels in 30 seconds',
    '<p>Serving size, protein, fibre, sugar &mdash; in that order. Ignore the front of the box.</p>',
    'education',
  ),
];

const RECOVERY: readonly Article[] = [
  a(
    'sleep-hygiene',
    'Sleep: the best recovery tool you already own',
    '<p>Aim for 7&ndash;9 hours. Keep the bedroom cool, dark &amp; quiet; same wake-up time every day.</p>',
    'sleep',
  ),
  a(
    'foam-rolling',
    'Foam rolling: what the research says',
    '<p>Short-term range-of-motion gains and less perceived soreness. Use it as a warm-up, not a fix.</p>',
    'mobility',
  ),
  a(
    'active-recovery',
    'Active recovery days that actually help',
    '<p>20&ndash;40 minutes of easy walking, cycling or swimming. Conversation pace only.</p>',
    'active recovery',
  ),
  a(
    'doms-explained',
    'DOMS explained for nervous beginners',
    '<p>Muscle soreness peaks 24&ndash;72 hours after new training. It fades as the body adapts &mdash; it&#8217;s not a measure of a good workout.</p>',
    'soreness',
    'beginners',
  ),
  a(
    'breathing-downshift',
    'A two-minute breathing downshift after training',
    '<p>Lie down, feet up, breathe in for four and out for six. Heart rate drops, recovery starts.</p>',
    'breathing',
    'stress',
  ),
  a(
    'cold-water',
    'Cold water immersion: when to use it',
    '<p>Great for feeling fresh between events; skip it straight after strength sessions if muscle gain is the goal.</p>',
    'cold therapy',
  ),
  a(
    'mobility-routine',
    'A 10-minute daily mobility routine',
    '<p>Cat-cow, world&#8217;s greatest stretch, 90/90 switches, deep squat hold.</p>',
    'mobility',
  ),
  a(
    'stress-and-recovery',
    'Life stress is training stress',
    '<p>A bad week at work counts. Adjust volume when clients are under-slept or overloaded.</p>',
    'stress',
    'coaching',
  ),
  a(
    'heart-rate-variability',
    'Heart-rate variability for everyday clients',
    '<p>Watch the trend, not the day. A week-long dip is a cue to ease off.</p>',
    'monitoring',
  ),
  a(
    'massage-guns',
    'Massage guns: worth it?',
    '<p>They feel good and may ease soreness briefly; they don&#8217;t replace sleep or sensible programming.</p>',
    'equipment',
  ),
  a(
    'injury-return',
    'Coming back after a minor injury',
    '<p>Pain-free range first, then load, then speed. Keep training everything that doesn&#8217;t hurt.</p>',
    'injury',
  ),
  a(
    'stretching-myths',
    'Three stretching myths to retire',
    '<p>Stretching before lifting doesn&#8217;t prevent injury, soreness isn&#8217;t lactic acid, and flexibility isn&#8217;t fixed.</p>',
    'mobility',
    'education',
  ),
  a(
    'nap-strategy',
    'The 20-minute power nap',
    '<p>Early afternoon, 20 minutes, alarm set. Alert without the grogginess.</p>',
    'sleep',
  ),
  a(
    'recovery-nutrition',
    'Eating for recovery',
    '<p>Protein, carbohydrates and plenty of colourful plants &mdash; most recovery happens in the kitchen.</p>',
    'nutrition',
  ),
  a(
    'rest-day-guilt',
    'Beating rest-day guilt',
    '<p>Progress is made between sessions. Schedule rest like training and protect it.</p>',
    'mindset',
  ),
];

export const DEMO_FEEDS: readonly DemoFeed[] = [
  {
    file: 'strength.rss',
    theme: 'strength',
    format: 'rss',
    title: 'FitPro Strength Coaching',
    description: 'Programming, technique & coaching notes for strength-focused personal trainers.',
    author: 'Sam Steel',
    articles: STRENGTH,
  },
  {
    file: 'nutrition.atom',
    theme: 'nutrition',
    format: 'atom',
    title: 'Fuel Right Nutrition',
    description: 'Evidence-based nutrition tips your clients can use today.',
    author: 'Nadia Green',
    articles: NUTRITION,
  },
  {
    file: 'recovery.json',
    theme: 'recovery',
    format: 'json',
    title: 'Recovery Lab',
    description: 'Sleep, mobility and recovery for people who train.',
    author: 'Riley Rest',
    articles: RECOVERY,
  },
];

const EXERCISES = [
  'Goblet squat',
  'Romanian deadlift',
  'Push-up',
  'Dumbbell row',
  'Split squat',
  'Kettlebell swing',
  'Plank',
  'Hip thrust',
  'Lat pulldown',
  'Farmer’s carry',
];
const SCHEMES = ['3 × 8', '4 × 6', '5 × 5', '3 × 12', 'EMOM 10', 'AMRAP 12'];
const AUDIENCES = [
  'beginners',
  'busy parents',
  'runners',
  'over-50s',
  'athletes',
  'office workers',
  'new mums',
  'golfers',
];

/** Article `n` (1-based) of the large benchmark feed: distinct titles built from exercise, scheme and audience. */
export function largeFeedArticle(n: number): Article {
  const exercise = EXERCISES[n % EXERCISES.length] ?? 'Squat';
  const scheme = SCHEMES[Math.floor(n / EXERCISES.length) % SCHEMES.length] ?? '3 × 8';
  const audience =
    AUDIENCES[Math.floor(n / (EXERCISES.length * SCHEMES.length)) % AUDIENCES.length] ?? 'everyone';
  return a(
    `workout-${n}`,
    `Workout ${n}: ${exercise} ${scheme} for ${audience}`,
    `<p>${exercise}, ${scheme}, with 90&nbsp;seconds&#8217; rest. Built for ${audience} &mdash; scale the load, keep the form.</p>`,
    'workout',
    audience,
  );
}
