import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';

/**
 * Reads the router's pathname as it is now, not as of this component's last render. A navigation
 * changes the router's state at once and re-renders later, so an effect of the screen being left can
 * still run with the old location in hand; `setSearchParams` from there would land on the next page
 * (seen as `/app/dashboard?view=month&date=…` after leaving the calendar quickly). react-router has
 * no public hook for this; its data-router context is the one place that holds the live state.
 */
export function useLivePathname(): () => string | null {
  const context = useContext(UNSAFE_DataRouterContext);
  return useCallback(() => context?.router.state.location.pathname ?? null, [context]);
}
