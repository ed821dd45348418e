import { useEffect } from 'react';

/** How long typing pauses before the search runs (issue 26: about a quarter of a second). */
const searchPauseMs = 250;

/**
 * Search as the user types: once `typed` has stood still for `searchPauseMs` and differs from the
 * `applied` search, `apply` gets it (trimmed). Enter still searches at once through the box's own
 * handler; this only catches up with the typing.
 */
export function useSearchAsYouType(typed: string, applied: string, apply: (q: string) => void) {
  useEffect(() => {
    const q = typed.trim();
    if (q === applied) return undefined;
    const timer = window.setTimeout(() => apply(q), searchPauseMs);
    return () => window.clearTimeout(timer);
  }, [typed, applied, apply]);
}
