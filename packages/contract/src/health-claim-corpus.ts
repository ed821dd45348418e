import type { HealthClaimRule } from './health-claims.js';

// The health-claim rules' corpus (issue 30): captions that must be flagged, with the rule that
// flags them, and fitness captions that must not be. The contract's, the server's and the web
// app's tests all run it, so the rules mean the same on both sides. (Data only: no bundle keeps
// it, as nothing but tests imports it.)

const flagged: readonly { caption: string; rule: HealthClaimRule }[] = [
  { caption: 'This stretch routine cures back pain for good.', rule: 'cure' },
  { caption: 'Our yoga flow treats anxiety naturally 🧘', rule: 'cure' },
  { caption: 'Pilates heals your injuries faster than rest.', rule: 'cure' },
  { caption: 'Cured my migraines with this one breathing trick!', rule: 'cure' },
  { caption: 'Cold plunges heal inflammation. Book now.', rule: 'cure' },
  { caption: 'The only workout that treats insomnia.', rule: 'cure' },
  { caption: 'Guaranteed results in 30 days or your money back.', rule: 'guarantee' },
  { caption: 'We guarantee you’ll see abs by summer.', rule: 'guarantee' },
  { caption: 'Results guaranteed with our 6-week bootcamp!', rule: 'guarantee' },
  { caption: 'Weight loss is 100% guaranteed on this plan.', rule: 'guarantee' },
  { caption: 'Lose 10 kg in 2 weeks with our shred plan.', rule: 'rapid-loss' },
  { caption: 'Drop 2 dress sizes in a month 🔥', rule: 'rapid-loss' },
  { caption: 'Clients lost 15 lbs within 3 weeks!', rule: 'rapid-loss' },
  { caption: 'Burn 5 inches off your waist in just 10 days.', rule: 'rapid-loss' },
  { caption: 'Shed 3 kilos in one week, no gym needed.', rule: 'rapid-loss' },
  { caption: 'Start the new year with our 7-day detox.', rule: 'detox' },
  { caption: 'Try our green juice cleanse this weekend!', rule: 'detox' },
  { caption: 'This tea flushes out toxins while you sleep.', rule: 'detox' },
  { caption: 'Detoxify your liver with these smoothies.', rule: 'detox' },
  { caption: 'Sweat sessions that eliminate toxins from your body.', rule: 'detox' },
  { caption: 'Our protein shake is clinically proven to build muscle.', rule: 'unsourced-proof' },
  { caption: 'The doctor-approved way to tone up.', rule: 'unsourced-proof' },
  { caption: 'Scientifically proven to double your energy!', rule: 'unsourced-proof' },
  { caption: 'A science-backed plan to burn belly fat.', rule: 'unsourced-proof' },
  { caption: 'Reverse your type 2 diabetes with our meal plan.', rule: 'condition-promise' },
  { caption: 'Beat depression in 8 weeks of running.', rule: 'condition-promise' },
  { caption: 'Say goodbye to arthritis with daily mobility work.', rule: 'condition-promise' },
  { caption: 'Prevents heart disease, one squat at a time.', rule: 'condition-promise' },
  { caption: 'Your high blood pressure, gone in a month.', rule: 'condition-promise' },
  { caption: 'No more asthma after our breathing course!', rule: 'condition-promise' },
  {
    caption: 'Get rid of PCOS symptoms? Our plan helps you get rid of PCOS for good.',
    rule: 'condition-promise',
  },
];

const clean: readonly string[] = [
  'I cured my fear of deadlifts 💪',
  'Treat yourself to a rest day this Sunday.',
  'New PR! 120 kg deadlift after 2 years of training.',
  'Results come from showing up, week after week.',
  'Guaranteed parking for early bookers.',
  'Our arthritis-friendly chair yoga class starts Monday. Check with your doctor first.',
  'Walking group for our diabetes charity 5k this Saturday.',
  'Mental health week: how are you, really? Depression is nothing to hide.',
  'Digital detox weekend: phones off, trails on.',
  'Face cleanser and towels provided in the changing rooms.',
  'Proven by our members: 200 classes this month!',
  'Clinically proven, according to a 2023 study in the BMJ (Source: bmj.com).',
  'Healing smoothie bowls are back on the café menu.',
  'Lost my keys in the gym again 🙃',
  'Gained 3 kg of muscle over 6 months. Slow and steady.',
  'Ran 10 km in 55 minutes this morning.',
  'Our physio can help you understand your back pain. Book a chat.',
  'No pain, no gain? Not here: we train smart.',
  'Join the 6-week strength challenge, all levels welcome.',
  'Feel stronger, move better, sleep well.',
  'End the week with our Friday stretch class.',
  'Doctor’s note required for return after injury.',
  'Drop in for a free trial class any time this week.',
  'Swimming is gentle on the joints, great if you live with arthritis.',
  'Burn off some steam at Saturday’s HIIT class.',
  'Heal your relationship with food: a workshop with our nutritionist.',
  'The treats table at the open day: all homemade!',
  'Clean eating cooking class: 5 recipes in 2 hours.',
  'Cancer Research UK fun run: join team FitPost!',
  'Lose yourself in the music at our spin class.',
];

/** Captions that must be flagged (with the rule), and captions that must not be. */
export const healthClaimCorpus = { flagged, clean } as const;
