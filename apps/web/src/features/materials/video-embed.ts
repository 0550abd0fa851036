/** Hosts whose players the app embeds (the SPA's CSP `frame-src` allows exactly these two). */
export const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com/embed/';
export const VIMEO_EMBED = 'https://player.vimeo.com/video/';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{3,12}$/;

const parse = (url: string): URL | null => {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
};

/** `1m30s`, `90s` or `90` → seconds (YouTube's `t` parameter); 0 when absent or unreadable. */
const startSeconds = (t: string | null): number => {
  if (!t) return 0;
  if (/^\d+$/.test(t)) return Number(t);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(t);
  return m ? Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) : 0;
};

const youtubeId = (u: URL, host: string): string | null => {
  if (host === 'youtu.be') return u.pathname.split('/')[1] ?? null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (u.pathname === '/watch') return u.searchParams.get('v');
  return /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(u.pathname)?.[1] ?? null;
};

/**
 * The embeddable player address of a YouTube (youtube.com, youtu.be; played from
 * youtube-nocookie.com) or Vimeo video link; null for any other address, which the viewer shows
 * as a link.
 */
export const videoEmbedUrl = (url: string): string | null => {
  const u = parse(url);
  if (!u) return null;
  const host = u.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const yt = youtubeId(u, host);
  if (yt !== null) {
    if (!YOUTUBE_ID.test(yt)) return null;
    const start = startSeconds(u.searchParams.get('t') ?? u.searchParams.get('start'));
    return `${YOUTUBE_EMBED}${yt}${start > 0 ? `?start=${start}` : ''}`;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const parts = u.pathname.split('/').filter(Boolean);
    const i = parts.findIndex((p) => VIMEO_ID.test(p));
    if (i < 0) return null;
    // An unlisted video carries its hash after the id (vimeo.com/123/abc) or as `h`.
    const hash = u.searchParams.get('h') ?? (host === 'vimeo.com' && parts[i + 1] && /^[0-9a-f]{6,20}$/.test(parts[i + 1]!) ? parts[i + 1] : null);
    return `${VIMEO_EMBED}${parts[i]}${hash ? `?h=${encodeURIComponent(hash)}` : ''}`;
  }
  return null;
};
