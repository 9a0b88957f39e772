/**
 * The chosen option's check mark in the pickers: a drawing, not a "✓" character, so that it is in neither the
 * option's text nor its accessible name (a "✓" character made screen readers read "Closed ✓").
 */
export function CheckMark({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      focusable="false"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
