import { formatCount } from '@fitpost/contract';

/** Whether `value` is an http:// or https:// address (what the server's `httpUrl` accepts). */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A form rule: an http(s) address, or (unless `required`) nothing; `message` otherwise. */
export const httpUrlRule = (message: string, required = false) => ({
  validator: (_rule: unknown, value: string | undefined) => {
    const text = value?.trim() ?? '';
    if (text === '') return required ? Promise.reject(new Error(message)) : Promise.resolve();
    return isHttpUrl(text) ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

/** A form rule: at most `max` characters, said as "Keep the name to 100 characters". */
export const maxLengthRule = (what: string, max: number) => ({
  max,
  message: `Keep the ${what} to ${formatCount(max)} characters`,
});
