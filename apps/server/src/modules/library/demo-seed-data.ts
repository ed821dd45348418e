/** The demo library's words: brands, tags and the content items each brand publishes. */

interface DemoItem {
  title: string;
  body: string;
}

export interface DemoBrand {
  name: string;
  description: string;
  /** Gradient of its graphics, from → to. */
  colours: [string, string];
  /** The searchable tag every item of the brand carries. */
  tag: string;
  items: DemoItem[];
}

export interface DemoPortal {
  portalId: number;
  brands: DemoBrand[];
  searchableTags: string[];
  hiddenTags: string[];
  /** System feeds, as paths on the sandbox. */
  feeds: { name: string; path: string; description: string }[];
}

const item = (title: string, body: string): DemoItem => ({ title, body });

const strength: DemoItem[] = [
  item(
    '5 cues for a better squat',
    'Brace your core, screw your feet into the floor, sit between your hips, keep your chest proud and drive up through the whole foot. Which cue helps you most? #squat #strengthtraining',
  ),
  item(
    "Deadlift day: hinge, don't squat",
    'Push your hips back until you feel your hamstrings load, keep the bar close and stand up tall. Your lower back will thank you. #deadlift',
  ),
  item(
    'Progressive overload, simply explained',
    'Add a little each week: one more rep, a bit more weight or one more set. Small steps add up to big strength. #progressiveoverload',
  ),
  item(
    'Push-up progressions for every level',
    'Wall, incline, knee, full, deficit. Master 3 sets of 12 before moving on. Where are you on the ladder? #pushups',
  ),
  item(
    'Why rest between sets matters',
    'For heavy strength work, rest 2–3 minutes. Your muscles need time to recover so every rep counts. #strength',
  ),
  item(
    'The perfect plank',
    'Elbows under shoulders, squeeze your glutes, ribs down. 3 × 30 seconds of quality beats 3 minutes of sagging. #core',
  ),
  item(
    'Kettlebell swing basics',
    "It's a hip hinge, not a front raise. Snap the hips, let the bell float and breathe out at the top. #kettlebell",
  ),
  item(
    'Build a stronger back',
    'Rows, pull-ups and face pulls twice a week balance all that pressing and help your posture. #backday',
  ),
  item(
    'Grip strength: the hidden gym skill',
    "Farmer's carries and dead hangs build a grip that carries over to every lift, and to everyday life. #gripstrength",
  ),
  item(
    'Tempo training for muscle',
    'Try a 3-second lowering phase on your next set. Slower reps mean more time under tension and better control. #tempo',
  ),
  item(
    'Full-body workout in 30 minutes',
    'Goblet squat, push-up, row, hip thrust, plank. Three rounds of 10 reps each. No excuses! #fullbody',
  ),
  item(
    'Strength training after 50',
    "It's never too late: lifting builds bone density, balance and independence. Start light, stay consistent. #healthyageing",
  ),
];

const nutrition: DemoItem[] = [
  item(
    'Protein at every meal',
    'Aim for a palm-sized portion of protein at each meal to support recovery and keep you full for longer. #protein',
  ),
  item(
    'Overnight oats, three ways',
    'Oats, milk and chia seeds, then top with berries, peanut butter and banana, or apple and cinnamon. Breakfast sorted! #recipes',
  ),
  item(
    'Hydration check',
    'Pale yellow is the goal. Keep a bottle with you and sip through the day, more on training days. #hydration',
  ),
  item(
    'Pre-workout snack ideas',
    'A banana with yoghurt, toast with honey or a small smoothie 60–90 minutes before training fuels your session. #preworkout',
  ),
  item(
    'Read a food label in 30 seconds',
    'Check the serving size first, then protein, fibre and added sugar. Compare per 100 g to choose quickly. #nutrition',
  ),
  item(
    'Colourful plates, better health',
    'Eat the rainbow: different coloured vegetables bring different vitamins and antioxidants. How many colours today? #eattherainbow',
  ),
  item(
    'Meal prep Sunday',
    'Cook a tray of roast vegetables, a batch of grains and a protein. Mix and match all week and save time. #mealprep',
  ),
  item(
    'Smart swaps for snacks',
    'Swap crisps for popcorn, sweets for fruit and sugary drinks for sparkling water with lime. #healthysnacks',
  ),
  item(
    'Post-workout recovery shake',
    'Milk, banana, oats and a scoop of protein: carbs and protein together help your muscles recover. #recovery',
  ),
  item(
    'Fibre: the forgotten nutrient',
    'Beans, lentils, wholegrains and vegetables keep digestion happy and energy steady. Most of us need more! #fibre',
  ),
  item(
    'Caffeine and performance',
    'A coffee 30–60 minutes before training can boost performance. Keep it before midday to protect your sleep. #caffeine',
  ),
  item(
    'High-protein lentil curry',
    'Red lentils, tinned tomatoes, spinach and spices simmered for 20 minutes: 25 g of protein per bowl. #recipes',
  ),
];

const mobility: DemoItem[] = [
  item(
    'Morning mobility in 5 minutes',
    "Cat-cow, world's greatest stretch, hip circles and shoulder rolls. Wake your body up before your coffee. #mobility",
  ),
  item(
    'Sun salutation for beginners',
    'Move with your breath: inhale to reach, exhale to fold. Five rounds to start the day calm and focused. #yoga',
  ),
  item(
    'Desk worker hip openers',
    'Sitting all day tightens your hips. Try a couch stretch and pigeon pose for 60 seconds a side. #deskjob',
  ),
  item(
    'Breathing for calm',
    'Box breathing: in for 4, hold for 4, out for 4, hold for 4. Repeat four times when stress builds. #breathwork',
  ),
  item(
    'Hamstring flexibility, safely',
    'Hinge with a flat back and stop at the first stretch. Consistency beats forcing it. #flexibility',
  ),
  item(
    'Shoulder mobility for lifters',
    'Wall slides, band pull-aparts and thread-the-needle keep your shoulders happy overhead. #shoulders',
  ),
  item(
    'Yin yoga for recovery',
    'Hold gentle poses for 3–5 minutes to release tension. A perfect evening wind-down. #yinyoga',
  ),
  item(
    'Ankle mobility and your squat',
    'Tight ankles? Try knee-to-wall drills before leg day and watch your squat depth improve. #ankles',
  ),
  item(
    'Balance challenge',
    'Stand on one leg while you brush your teeth. Eyes closed for an extra challenge! #balance',
  ),
  item(
    'Spine health: move every direction',
    'Flex, extend, side bend and rotate daily. A happy spine loves variety. #backhealth',
  ),
  item(
    'Stretching vs mobility',
    'Stretching lengthens; mobility gives you control through the range. You need both. #mobility',
  ),
  item(
    'Evening wind-down flow',
    "Child's pose, supine twist, legs up the wall. Ten minutes to switch off and sleep better. #sleep",
  ),
];

const cardio: DemoItem[] = [
  item(
    'Couch to 5K: week one',
    "Alternate 60 seconds of jogging with 90 seconds of walking for 20 minutes. You've got this! #couchto5k",
  ),
  item(
    'HIIT in 20 minutes',
    '40 seconds on, 20 seconds off: burpees, mountain climbers, jump squats, high knees. Four rounds. #hiit',
  ),
  item(
    'Zone 2: the secret to endurance',
    'Easy runs where you can still hold a conversation build your aerobic engine. Slow down to speed up. #zone2',
  ),
  item(
    'Running form tips',
    'Tall posture, quick light steps and relaxed arms. Land under your hips, not out in front. #running',
  ),
  item(
    'Skipping rope workout',
    'Ten rounds of 1 minute skipping, 30 seconds rest. Great for coordination and heart health. #jumprope',
  ),
  item(
    'Intervals on the bike',
    'Warm up, then 8 × 30-second sprints with 90 seconds of easy spinning. Cool down and stretch. #cycling',
  ),
  item(
    'How to pick running shoes',
    'Comfort is king: try several pairs, jog in the shop and choose what feels natural. #runningshoes',
  ),
  item(
    'Stair climbing for fitness',
    'Ten minutes of stairs is a powerful leg and heart workout you can do anywhere. #stairs',
  ),
  item(
    'Race-week checklist',
    'Taper your training, sleep well, test your kit and plan race-morning breakfast. Nothing new on race day! #raceday',
  ),
  item(
    'Walking counts too',
    'A brisk 30-minute walk most days lowers blood pressure and lifts your mood. Every step matters. #walking',
  ),
  item(
    'Tabata: 4 minutes that count',
    '20 seconds flat out, 10 seconds rest, eight times. Short, sharp and effective. #tabata',
  ),
  item(
    'Rowing technique 101',
    'Legs, body, arms, then arms, body, legs. Power comes from the legs, not the back. #rowing',
  ),
];

const mindset: DemoItem[] = [
  item(
    'Consistency beats intensity',
    'Three workouts a week for a year beat seven workouts for two weeks. Show up, even on the slow days. #consistency',
  ),
  item(
    'Set goals you can keep',
    'Make them specific, measurable and realistic. Write yours down and share it with us below. #goals',
  ),
  item(
    'Sleep is training too',
    'Seven to nine hours of sleep improves strength, mood and recovery. Protect your bedtime! #sleep',
  ),
  item(
    'Celebrate small wins',
    'One more rep, one more glass of water, one more early night. Progress is progress. #smallwins',
  ),
  item(
    'Beat the Monday blues',
    'Plan your workout the night before and lay out your kit. Decisions made early are easier to keep. #motivation',
  ),
  item(
    'Stress and exercise',
    'Even a 10-minute walk lowers stress hormones. Move when you feel overwhelmed. #mentalhealth',
  ),
  item(
    'Habit stacking',
    'Link a new habit to an old one: ten squats after brushing your teeth. Small habits grow. #habits',
  ),
  item(
    'Rest days are not lazy days',
    'Recovery is when your body adapts and gets stronger. Take them without guilt. #restday',
  ),
  item(
    'Find your why',
    'Health, energy, confidence, family? Knowing your reason keeps you going when motivation fades. #why',
  ),
  item(
    'Track your progress',
    'Photos, a training log or how your clothes fit: the scales are only one measure. #progress',
  ),
  item(
    'Train with a friend',
    'Accountability partners make it easier to show up. Tag someone you want to train with! #workoutbuddy',
  ),
  item(
    'New year, new habits',
    'Start with one change you can keep for 30 days, then add the next. Slow and steady wins. #newyear',
  ),
];

export const demoPortals: DemoPortal[] = [
  {
    portalId: 1,
    brands: [
      {
        name: 'FitPro Strength',
        description: 'Lifting technique, programming and strength for every age.',
        colours: ['#1d3b6f', '#3a7bd5'],
        tag: 'Strength',
        items: strength,
      },
      {
        name: 'Fuel Right Nutrition',
        description: 'Simple, evidence-based eating and recipes your clients will cook.',
        colours: ['#1b5e20', '#66bb6a'],
        tag: 'Nutrition',
        items: nutrition,
      },
      {
        name: 'Flow & Mobility',
        description: 'Yoga, stretching and mobility to move well and recover.',
        colours: ['#4a148c', '#ec6ead'],
        tag: 'Mobility',
        items: mobility,
      },
      {
        name: 'Cardio Club',
        description: 'Running, HIIT and conditioning for a stronger heart.',
        colours: ['#b71c1c', '#ff8a65'],
        tag: 'Cardio',
        items: cardio,
      },
      {
        name: 'Mindset Matters',
        description: 'Motivation, habits and the mental side of fitness.',
        colours: ['#263238', '#f9a825'],
        tag: 'Mindset',
        items: mindset,
      },
    ],
    searchableTags: [
      'Strength',
      'Nutrition',
      'Mobility',
      'Cardio',
      'Mindset',
      'HIIT',
      'Running',
      'Yoga',
      'Recipes',
      'Recovery',
      'Motivation',
      'Beginners',
      'Core',
    ],
    hiddenTags: ['Evergreen', 'Spring Campaign'],
    feeds: [
      {
        name: 'FitPro Strength Coaching',
        path: '/feeds/strength.rss',
        description: "The academy's strength coaching articles",
      },
      {
        name: 'Fuel Right Nutrition',
        path: '/feeds/nutrition.atom',
        description: 'Nutrition news and recipes',
      },
    ],
  },
  {
    portalId: 2,
    brands: [
      {
        name: 'Northside Strength & Conditioning',
        description: "The guild's strength and conditioning programme.",
        colours: ['#004d40', '#26a69a'],
        tag: 'Conditioning',
        items: [...strength.slice(0, 4), ...cardio.slice(0, 3)],
      },
      {
        name: 'Northside Wellness',
        description: 'Mobility, sleep and a healthy mind.',
        colours: ['#3e2723', '#ff7043'],
        tag: 'Wellness',
        items: [...mobility.slice(0, 3), ...mindset.slice(0, 3)],
      },
    ],
    searchableTags: ['Conditioning', 'Wellness', 'Beginners', 'Mobility', 'Strength'],
    hiddenTags: ['Members Only'],
    feeds: [
      {
        name: 'Recovery Lab',
        path: '/feeds/recovery.json',
        description: 'Recovery science, in plain words',
      },
    ],
  },
];
