import { describe, expect, it } from 'vitest';
import { runScheduled } from '../lib/schedule.mjs';

/** A step the test finishes by hand: `events` records each start, `finish(ok)` ends it. */
function manualStep(events, name, options = {}) {
  let finish;
  const done = new Promise((resolve) => (finish = resolve));
  return {
    step: {
      name,
      ...options,
      run: () => {
        events.push(name);
        return done;
      },
    },
    finish: (ok = true) => finish(ok),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("npm test's scheduler", () => {
  it('starts a step once what it needs has passed and a slot is free, in the order listed', async () => {
    const events = [];
    const contract = manualStep(events, 'contract');
    const build = manualStep(events, 'build', { needs: ['contract'] });
    const unit = manualStep(events, 'unit', { needs: ['contract'] });
    const e2e = manualStep(events, 'e2e', { needs: ['build'] });
    const lint = manualStep(events, 'lint', { needs: ['contract'] });
    const cluster = manualStep(events, 'cluster', { slots: 0 });
    const run = runScheduled([contract.step, cluster.step, build.step, unit.step, e2e.step, lint.step], {
      slots: 2,
    });

    await settle();
    expect(events).toEqual(['contract', 'cluster']);
    contract.finish();
    await settle();
    expect(events).toEqual(['contract', 'cluster', 'build', 'unit']);
    build.finish();
    await settle();
    // e2e is listed before lint: it takes the freed slot.
    expect(events).toEqual(['contract', 'cluster', 'build', 'unit', 'e2e']);
    unit.finish();
    await settle();
    expect(events.at(-1)).toBe('lint');
    e2e.finish();
    lint.finish();
    cluster.finish();
    expect(await run).toEqual({ ok: true, notRun: [] });
  });

  it('starts nothing more after a failure, lets running steps finish, and names what never ran', async () => {
    const events = [];
    const a = manualStep(events, 'a');
    const b = manualStep(events, 'b');
    const c = manualStep(events, 'c');
    const d = manualStep(events, 'd', { needs: ['a'] });
    const run = runScheduled([a.step, b.step, c.step, d.step], { slots: 2 });

    await settle();
    expect(events).toEqual(['a', 'b']);
    b.finish(false);
    await settle();
    expect(events).toEqual(['a', 'b']);
    a.finish();
    expect(await run).toEqual({ ok: false, notRun: ['c', 'd'] });
  });

  it('counts a step that throws as failed, and refuses a need that is not a step', async () => {
    const failing = { name: 'x', run: () => Promise.reject(new Error('spawn failed')) };
    expect(await runScheduled([failing])).toEqual({ ok: false, notRun: [] });
    expect(() => runScheduled([{ name: 'y', needs: ['nope'], run: async () => true }])).toThrow(
      'step "y" needs "nope", which is not a step',
    );
  });
});
