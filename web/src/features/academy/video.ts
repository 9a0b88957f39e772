/**
 * Which video URLs play inside the content dialog: the embed players of YouTube (privacy-enhanced) and Vimeo, the
 * hosts the app's Content-Security-Policy allows in frames (infra/stacks/web-stack.ts). Any other https URL opens
 * in a new tab instead, so an admin can still link a video hosted elsewhere.
 */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'];

export function embeddableVideoUrl(videoUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  if (!VIDEO_EMBED_ORIGINS.includes(url.origin)) return null;
  const isPlayer =
    url.origin === 'https://player.vimeo.com' ? url.pathname.startsWith('/video/') : url.pathname.startsWith('/embed/');
  return isPlayer ? url.toString() : null;
}
