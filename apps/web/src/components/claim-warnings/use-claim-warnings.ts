import { checkHealthClaimsIn, type HealthClaimWarning } from '@fitpost/contract';
import { useEffect, useMemo, useState } from 'react';
import { useHealthClaimSettings } from '@/lib/api/organisation/health-claim-settings';

/** How long typing pauses before the claims are checked again (so the alert does not flicker). */
const claimCheckPauseMs = 400;

/**
 * The health claims in `texts` with the organisation's rules (the built-in ones until they have
 * loaded), checked once typing pauses. `now` checks at once, for a submit.
 */
export function useClaimWarnings(texts: readonly string[]) {
  const settings = useHealthClaimSettings();
  const key = JSON.stringify(texts);
  const [checked, setChecked] = useState(key);
  useEffect(() => {
    if (checked === key) return undefined;
    const timer = window.setTimeout(() => setChecked(key), claimCheckPauseMs);
    return () => window.clearTimeout(timer);
  }, [checked, key]);
  const rules = settings.data;
  const warnings = useMemo(
    () => checkHealthClaimsIn(JSON.parse(checked) as string[], rules), // our own JSON.stringify above
    [checked, rules],
  );
  return {
    warnings,
    now: (current: readonly string[]): HealthClaimWarning[] => checkHealthClaimsIn(current, rules),
  };
}
