/** The kinds of academy content; each opens differently in the content dialog. */
export const ACADEMY_CONTENT_TYPES = ['article', 'video', 'test'] as const;
export type AcademyContentType = (typeof ACADEMY_CONTENT_TYPES)[number];
export const ACADEMY_CONTENT_TYPE_LABELS: Record<AcademyContentType, string> = {
  article: 'Article',
  video: 'Video',
  test: 'Test',
};
