/**
 * A page whose code cannot be loaded while the network works is most likely one of an older
 * deployment (its chunk is gone from the server, or the cached app is older than the server):
 * reloading once brings the current version. A second failure within a minute shows the
 * chunk-load message with its retry button instead, so a broken build cannot loop; offline, the
 * message shows at once (a reload cannot help). The last reload's time is kept in sessionStorage.
 */
export const CHUNK_RELOAD_KEY = 'klase.chunkReloadAt';
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** The reload itself; tests replace it. */
export const chunkReload = { reload: () => window.location.reload() };

/** Whether a reload may help now (online, and none in the last minute). */
export const mayReloadForChunk = (now = Date.now()): boolean => {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  try {
    return now - Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0) >= CHUNK_RELOAD_WINDOW_MS;
  } catch {
    // Without storage there is no way to remember the reload: show the message instead of looping.
    return false;
  }
};

/** Remembers the reload and reloads. */
export const reloadForChunk = (now = Date.now()): void => {
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  chunkReload.reload();
};
