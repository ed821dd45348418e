/** Sidebar items carry this attribute so the dashboard tour can point at them without importing the layout. */
export const tourTargetAttribute = 'data-tour-target';

/** The sidebar entry for `path`, or null when the sidebar is not on screen (e.g. a phone's closed drawer). */
export function findTourTarget(path: string): HTMLElement | null {
  const link = document.querySelector<HTMLElement>(`[${tourTargetAttribute}="${CSS.escape(path)}"]`);
  const target = link?.closest<HTMLElement>('li') ?? link ?? null;
  // Hidden (display: none, or inside a closed drawer): pointing at it would point at nothing.
  return target && target.getClientRects().length > 0 ? target : null;
}
