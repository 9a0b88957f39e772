import { describe, expect, it } from 'vitest';
import { embeddableVideoUrl } from './video';

describe('embeddableVideoUrl', () => {
  it.each([
    'https://www.youtube-nocookie.com/embed/abc123',
    'https://www.youtube.com/embed/abc123?start=30',
    'https://player.vimeo.com/video/76979871',
  ])('embeds the player URL %s', (url) => {
    expect(embeddableVideoUrl(url)).toBe(url);
  });

  it.each([
    'https://www.youtube.com/watch?v=abc123',
    'https://videos.example.com/leasedesk/academy.mp4',
    'http://player.vimeo.com/video/1',
    'javascript:alert(1)',
    'not a url',
  ])('opens %s in a new tab rather than a frame', (url) => {
    expect(embeddableVideoUrl(url)).toBeNull();
  });
});
