import { ApiError } from './api-client';

/**
 * The server's field problems (a validation refusal's `details`) by the form field they are about.
 * `fields` maps each request field to the form's field; a detail's path (`link`, `tagIds.0`) is
 * matched by its first segment, and problems about fields the form does not have are left out
 * (the refusal's message still says them).
 */
export function serverFieldErrors<const F extends string>(
  error: unknown,
  fields: Partial<Record<string, F>>,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return found;
  for (const detail of error.details) {
    const field = fields[detail.path.split('.')[0] ?? ''];
    if (field && !found[field]) found[field] = detail.message;
  }
  return found;
}

/** The same for an antd form: what `form.setFields` takes to show each problem under its field. */
export function serverFormFields<const F extends string>(
  error: unknown,
  fields: Partial<Record<string, F>>,
): { name: F; errors: string[] }[] {
  const found = serverFieldErrors(error, fields);
  return (Object.keys(found) as F[]).map((name) => ({ name, errors: [found[name] ?? ''] }));
}
