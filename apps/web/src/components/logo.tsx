/** The FitPost wordmark. The text is real text, so the link around it is named "FitPost". */
export function Logo() {
  return (
    <span className="logo">
      <svg
        className="logo-mark"
        viewBox="0 0 32 32"
        width="28"
        height="28"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="7" fill="#1d3c78" />
        <path d="M10 8h13v4h-8.5v4H21v4h-6.5v4H10z" fill="#fff" />
      </svg>
      <span className="logo-text">FitPost</span>
    </span>
  );
}
