/** The small icon of an academy item's type; decorative: the type is also written beside it. */
import type { AcademyContentType } from '@shared/academy/enums';

const PATHS: Record<AcademyContentType, string> = {
  // A page with lines.
  article: 'M6 2h9l5 5v15H6z M15 2v5h5 M9 12h8 M9 16h8',
  // A play button in a rounded screen.
  video: 'M3 5h18v14H3z M10 9l5 3-5 3z',
  // A checklist.
  test: 'M4 6l1.5 1.5L8 5 M11 6h9 M4 12l1.5 1.5L8 11 M11 12h9 M4 18l1.5 1.5L8 17 M11 18h9',
};

export function ContentTypeIcon({ type }: { type: AcademyContentType }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[type]} />
    </svg>
  );
}
