import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverFieldErrors, serverFormFields } from './form-errors';

const refusal = new ApiError({
  status: 400,
  code: 'validation',
  text: 'Invalid body: link Invalid URL',
  details: [
    { path: 'link', message: 'Invalid URL' },
    { path: 'tagIds.1', message: 'Invalid UUID' },
    { path: 'tagIds.2', message: 'Invalid UUID again' },
    { path: 'portalId', message: 'Not a field of the form' },
  ],
});

describe('server field errors', () => {
  it('puts each detail under the form field its path starts with, the first per field', () => {
    expect(serverFieldErrors(refusal, { link: 'link', tagIds: 'tags', mediaId: 'graphic' })).toEqual({
      link: 'Invalid URL',
      tags: 'Invalid UUID',
    });
  });

  it('has nothing for other errors', () => {
    expect(serverFieldErrors(new Error('boom'), { link: 'link' })).toEqual({});
    expect(serverFieldErrors(null, { link: 'link' })).toEqual({});
  });

  it("gives antd's setFields shape", () => {
    expect(serverFormFields(refusal, { link: 'link' })).toEqual([{ name: 'link', errors: ['Invalid URL'] }]);
  });
});
