import { describe, expect, it } from 'vitest';
import { e2eSpecsFor, serverDatabaseTests } from '../lib/test-files.mjs';

describe('which tests a run picks', () => {
  it('the PostgreSQL pass takes the server tests that open a database, and not the pure ones', () => {
    const files = serverDatabaseTests();
    expect(files).toContain('apps/server/src/modules/users/routes.test.ts');
    expect(files).toContain('apps/server/src/modules/posts/crash.pg.test.ts');
    expect(files).toContain('apps/server/src/test/template-db.test.ts');
    expect(files).not.toContain('apps/server/src/platforms/oauth1.test.ts');
    expect(files).not.toContain('apps/server/src/lib/crypto.test.ts');
  });

  it('test:changed runs the specs of a changed feature, every spec for a shared part, none for docs', () => {
    expect(e2eSpecsFor(['apps/web/src/features/calendar/routes/calendar.tsx'])).toEqual([
      'e2e/08-calendar.spec.ts',
      'e2e/10-calendar-autopost.spec.ts',
      'e2e/19-calendar-readable.spec.ts',
    ]);
    expect(e2eSpecsFor(['apps/server/src/modules/queue/routes.ts'])).toEqual(['e2e/16-queue.spec.ts']);
    expect(e2eSpecsFor(['e2e/05-library.spec.ts', 'docs/testing.md'])).toEqual(['e2e/05-library.spec.ts']);
    expect(e2eSpecsFor(['e2e/support/fitpost.ts']).length).toBeGreaterThan(20);
    expect(
      e2eSpecsFor(['docs/testing.md', 'apps/web/src/features/calendar/routes/calendar.test.tsx']),
    ).toEqual([]);
  });
});
