import { describe, expect, it } from 'vitest';
import { videoEmbedUrl } from './video-embed.ts';

describe('videoEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=90', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/8a9b1c2d3e', 'https://player.vimeo.com/video/76979871?h=8a9b1c2d3e'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('plays %s from the allowed player host', (url, embed) => {
    expect(videoEmbedUrl(url)).toBe(embed);
  });

  it.each([
    'https://example.org/video.mp4',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=<script>',
    'https://vimeo.com/channels/staffpicks',
    'javascript:alert(1)',
    'not a url',
  ])('shows %s as a link only', (url) => {
    expect(videoEmbedUrl(url)).toBeNull();
  });
});
