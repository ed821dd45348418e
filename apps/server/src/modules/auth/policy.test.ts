import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { requireAdmin } from './policy.js';

describe('requireAdmin', () => {
  it('lets an administrator through', () => {
    expect(() => requireAdmin({ isAdmin: true }, 'Only administrators can list users')).not.toThrow();
  });

  it('refuses anyone else with 403 forbidden in the words given, or a general sentence', () => {
    const refusal = (message?: string) => {
      try {
        requireAdmin({ isAdmin: false }, message);
      } catch (error) {
        return error;
      }
      throw new Error('requireAdmin let a member through');
    };
    expect(refusal('Only administrators can list users')).toMatchObject({
      code: 'forbidden',
      message: 'Only administrators can list users',
    });
    expect(refusal()).toBeInstanceOf(AppError);
    expect(refusal()).toMatchObject({ code: 'forbidden', message: 'Only administrators can do that' });
  });
});
