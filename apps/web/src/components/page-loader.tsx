/** Shown while a screen's code loads. Plain markup, so it costs nothing in the initial bundle. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
