/**
 * Which video URLs play inside the content dialog: the player pages of the origins the app's Content-Security-Policy
 * allows in frames (ACADEMY_VIDEO_EMBED_ORIGINS). Any other https URL opens in a new tab instead, so an admin can
 * still link a video hosted elsewhere.
 */
import { ACADEMY_VIDEO_EMBED_ORIGINS } from '@shared/academy/enums';

const EMBED_ORIGINS: readonly string[] = ACADEMY_VIDEO_EMBED_ORIGINS;

export function embeddableVideoUrl(videoUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  if (!EMBED_ORIGINS.includes(url.origin)) return null;
  const isPlayer =
    url.origin === 'https://player.vimeo.com' ? url.pathname.startsWith('/video/') : url.pathname.startsWith('/embed/');
  return isPlayer ? url.toString() : null;
}
