/** A video item: the embedded player for YouTube and Vimeo player URLs, otherwise a link that opens it in a new tab. */
import { buttonClassName } from '@web/components/ui/button';
import { embeddableVideoUrl } from '../video';
import styles from './academy.module.css';

export function VideoPlayer({ title, videoUrl }: { title: string; videoUrl: string }) {
  const embed = embeddableVideoUrl(videoUrl);
  if (!embed) {
    return (
      <p>
        <a href={videoUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: 'secondary' })}>
          Open the video in a new tab
        </a>
      </p>
    );
  }
  return (
    <div className={styles.video}>
      <iframe
        src={embed}
        title={`Video: ${title}`}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    </div>
  );
}
