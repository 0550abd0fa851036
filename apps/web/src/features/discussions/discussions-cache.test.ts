import { describe, expect, it } from 'vitest';
import { commentRow, postRow } from './discussions-test-data.ts';
import { withComment, withPost, withoutComment } from './discussions-cache.ts';
import type { CommentPages, PostPages } from './discussions-api.ts';

const posts = (items: ReturnType<typeof postRow>[], nextCursor: string | null = null): PostPages => ({
  pages: [{ items, nextCursor, canPost: true, canModerate: false }],
  pageParams: [undefined],
});
const thread = (items: ReturnType<typeof commentRow>[], nextCursor: string | null = null): CommentPages => ({
  pages: [{ items, nextCursor, total: items.length }],
  pageParams: [undefined],
});
const ids = (d: PostPages | CommentPages) => d.pages.flatMap((p) => p.items.map((i) => i.id));

describe('discussions cache', () => {
  const pinned = postRow({ id: 'pin', pinned: true, createdAt: '2026-02-01T00:00:00.000Z', lastActivityAt: '2026-02-01T00:00:00.000Z' });
  const old = postRow({ id: 'old', lastActivityAt: '2026-03-01T00:00:00.000Z' });

  it('puts a new post after the pinned ones, and a newly pinned post first', () => {
    const fresh = postRow({ id: 'new', lastActivityAt: '2026-03-05T00:00:00.000Z' });
    expect(ids(withPost(posts([pinned, old]), fresh, '', '', true))).toEqual(['pin', 'new', 'old']);
    expect(ids(withPost(posts([pinned, old]), { ...old, pinned: true, createdAt: '2026-03-02T00:00:00.000Z' }, '', '', true))).toEqual(['old', 'pin']);
  });

  it('keeps a post out of a list it does not fit (another category, a search, hidden from the user)', () => {
    const other = postRow({ id: 'x', category: { id: 'cat2', name: 'Question' }, lastActivityAt: '2026-03-05T00:00:00.000Z' });
    expect(ids(withPost(posts([old]), other, 'cat1', '', true))).toEqual(['old']);
    expect(ids(withPost(posts([old]), other, '', 'volcano', true))).toEqual(['old']);
    expect(ids(withPost(posts([old, other]), other, '', '', false))).toEqual(['old']);
  });

  it('adds a new comment first (newest first) or last once the thread is complete (oldest first); a reply under its comment', () => {
    const a = commentRow({ id: 'a' });
    const b = commentRow({ id: 'b' });
    expect(ids(withComment(thread([a]), b, 2, true))).toEqual(['b', 'a']);
    expect(ids(withComment(thread([a]), b, 2, false))).toEqual(['a', 'b']);
    expect(ids(withComment(thread([a], 'more'), b, 2, false))).toEqual(['a']);
    const reply = commentRow({ id: 'r', parentId: 'a' });
    const out = withComment(thread([a]), reply, 2, false);
    expect(out.pages[0]!.items[0]!.replies.map((r) => r.id)).toEqual(['r']);
    expect(out.pages[0]!.total).toBe(2);
  });

  it('drops a deleted comment, or keeps it as deleted when it has replies', () => {
    const a = commentRow({ id: 'a', replies: [{ ...commentRow({ id: 'r', parentId: 'a' }), replies: [] }] });
    const b = commentRow({ id: 'b' });
    const out = withoutComment(thread([a, b]), 'b', 2);
    expect(ids(out)).toEqual(['a']);
    const kept = withoutComment(thread([a]), 'a', 1).pages[0]!.items[0]!;
    expect(kept).toMatchObject({ id: 'a', deleted: true, body: '' });
  });
});
