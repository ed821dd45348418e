/** Sidebar items carry this attribute so the dashboard tour can point at them without importing the layout. */
export const tourTargetAttribute = 'data-tour-target';

/** The sidebar entry for `path`, or null when the sidebar is not on screen (e.g. a closed drawer). */
export function findTourTarget(path: string): HTMLElement | null {
  const link = document.querySelector<HTMLElement>(`[${tourTargetAttribute}="${CSS.escape(path)}"]`);
  return link?.closest<HTMLElement>('li') ?? link ?? null;
}
