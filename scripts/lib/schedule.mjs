// `npm test`'s scheduler: each step starts as soon as the steps it needs have passed and a core is
// free, rather than in fixed phases (docs/testing.md, "npm test: steps on two cores").

/**
 * @typedef {object} ScheduledStep
 * @property {string} name
 * @property {string[]} [needs] the steps that must have passed before this one starts
 * @property {number} [slots] the cores it takes from the budget (1; 0 for one that mostly waits)
 * @property {() => Promise<boolean>} run resolves to whether it passed
 */

/**
 * Runs `steps`, listed in order of priority: whenever a slot frees, the first listed step whose
 * needs have passed starts. After a failure no further step starts; those running finish.
 * Resolves with whether every step passed, and the names of those that never started.
 *
 * @param {ScheduledStep[]} steps
 * @param {{ slots?: number }} [options]
 * @returns {Promise<{ ok: boolean, notRun: string[] }>}
 */
export function runScheduled(steps, { slots = 2 } = {}) {
  const names = new Set(steps.map((s) => s.name));
  for (const s of steps)
    for (const need of s.needs ?? [])
      if (!names.has(need)) throw new Error(`step "${s.name}" needs "${need}", which is not a step`);

  return new Promise((resolve) => {
    const passed = new Set();
    const waiting = [...steps];
    let busy = 0;
    let running = 0;
    let failed = false;

    const ready = (s) =>
      (s.needs ?? []).every((need) => passed.has(need)) &&
      busy + (s.slots ?? 1) <= Math.max(slots, s.slots ?? 1);

    function pump() {
      for (let i = 0; !failed && i < waiting.length;) {
        const s = waiting[i];
        if (!ready(s)) {
          i += 1;
          continue;
        }
        waiting.splice(i, 1);
        start(s);
      }
      if (running === 0) resolve({ ok: !failed && waiting.length === 0, notRun: waiting.map((s) => s.name) });
    }

    function start(s) {
      const cost = s.slots ?? 1;
      busy += cost;
      running += 1;
      Promise.resolve()
        .then(s.run)
        .catch(() => false)
        .then((ok) => {
          busy -= cost;
          running -= 1;
          if (ok) passed.add(s.name);
          else failed = true;
          pump();
        });
    }

    pump();
  });
}
