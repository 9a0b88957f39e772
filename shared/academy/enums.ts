/** The kinds of academy content; each opens differently in the content dialog. */
export const ACADEMY_CONTENT_TYPES = ['article', 'video', 'test'] as const;
export type AcademyContentType = (typeof ACADEMY_CONTENT_TYPES)[number];
export const ACADEMY_CONTENT_TYPE_LABELS: Record<AcademyContentType, string> = {
  article: 'Article',
  video: 'Video',
  test: 'Test',
};

/**
 * The video players that play inside the academy's content dialog: YouTube's (privacy-enhanced and standard) and
 * Vimeo's. The app's Content-Security-Policy allows frames from these origins only (infra/stacks/web-stack.ts); any
 * other video URL opens in a new tab.
 */
export const ACADEMY_VIDEO_EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
] as const;
