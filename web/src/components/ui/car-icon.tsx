/** The outline car drawn where a vehicle has no photo (or its photo fails to load). Decorative: the caller labels it. */
export function CarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M5 17h14v-4.5l-1.8-4.2A2 2 0 0 0 15.4 7H8.6a2 2 0 0 0-1.8 1.3L5 12.5z" />
      <path d="M5 12.5h14" />
      <circle cx="8" cy="17" r="1.8" />
      <circle cx="16" cy="17" r="1.8" />
    </svg>
  );
}
