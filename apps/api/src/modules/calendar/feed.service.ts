import type { CalendarFeed } from '@klase/core/calendar/contracts';
import { DomainError } from '@klase/core/errors';
import type { Ctx } from '../../platform/context.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { hitWindow } from '../../platform/rate-limit.ts';
import { findUserById } from '../admin/users/users.service.ts';
import { dueBetween } from '../dashboard/dashboard.service.ts';
import type { UserRow } from '../../platform/rows.ts';
import { exceptionsOf, feedOwner, hasFeed, replaceFeed, revokeFeed, visibleEvents } from './calendar.repo.ts';
import { calendarText, dueEvent, seriesEvents, utcValue } from './ical.ts';
import { materialLink } from './occurrences.ts';
import { readingOf } from './views.service.ts';
import { wallClockOf } from './zone.ts';

/**
 * The private iCalendar subscription (issue 17). Only the SHA-256 of the secret token is stored,
 * so the URL can be shown once, when it is made (`active` says one exists).
 */

const DAY_MS = 86_400_000;
/** Due dates in a feed: from a year ago to a year ahead. */
const DUE_BACK_DAYS = 366;
const DUE_AHEAD_DAYS = 366;
/** Feed requests per address: 120 per 10 minutes (calendar apps poll every few hours). */
export const FEED_LIMITS = { requests: 120, windowSeconds: 600 };

const feedUrl = (ctx: Ctx, token: string): string => `${ctx.config.appUrl.replace(/\/$/, '')}/api/calendar/ical/${token}.ics`;

/** `GET /api/calendar/feed`: the URL is not kept (only its hash), so `url` is null; `active` whether one works. */
export const feedState = async (ctx: Ctx, user: UserRow): Promise<CalendarFeed & { active: boolean }> => ({
  url: null,
  active: await hasFeed(ctx.db, user.id),
});

/** `POST /api/calendar/feed`: a new secret URL; the previous one stops working. */
export const makeFeed = async (ctx: Ctx, user: UserRow): Promise<CalendarFeed & { active: boolean }> => {
  const token = randomToken();
  await replaceFeed(ctx.db, user.id, sha256(token));
  return { url: feedUrl(ctx, token), active: true };
};

/** `DELETE /api/calendar/feed`. */
export const dropFeed = async (ctx: Ctx, user: UserRow): Promise<void> => revokeFeed(ctx.db, user.id);

/** `GET /api/calendar/ical/<token>.ics`: the owner's calendar as RFC 5545 text (unknown or revoked token: 404). */
export const feedText = async (ctx: Ctx, token: string, ip: string, now = new Date()): Promise<string> => {
  const over = await hitWindow(ctx.db, `calendar-feed:ip:${ip}`, FEED_LIMITS.requests, FEED_LIMITS.windowSeconds);
  if (over !== null) throw new DomainError('RATE_LIMITED', { retryAfterSeconds: over });
  const ownerId = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await feedOwner(ctx.db, sha256(token)) : null;
  const owner = ownerId ? (await findUserById(ctx.db, ownerId))?.user : null;
  if (!owner?.schoolId || !owner.active) throw new DomainError('NOT_FOUND');
  const r = await readingOf(ctx, owner, undefined, true);
  const rows = await visibleEvents(ctx.db, r.viewer, null);
  const exceptions = await exceptionsOf(
    ctx.db,
    rows.map((v) => v.event.id),
  );
  const stamp = utcValue(now);
  const app = ctx.config.appUrl.replace(/\/$/, '');
  const body = rows.flatMap((v) =>
    seriesEvents(
      v.event,
      exceptions.filter((x) => x.eventId === v.event.id),
      r.timeZone,
      stamp,
      `${app}/#/calendar`,
    ),
  );
  for (const studentId of r.dueFor) {
    for (const d of await dueBetween(ctx.db, studentId, new Date(now.getTime() - DUE_BACK_DAYS * DAY_MS), new Date(now.getTime() + DUE_AHEAD_DAYS * DAY_MS))) {
      if (!d.dueAt) continue;
      const wall = wallClockOf(d.dueAt, r.timeZone);
      const item = {
        uid: `due-${d.materialId}-${studentId}@klase`,
        date: wall.slice(0, 10),
        time: wall.slice(11, 16),
        durationMinutes: null,
        title: d.name,
        description: `${d.className} · ${d.courseName}`,
        location: '',
        url: `${app}/#${materialLink(d)}`,
      };
      body.push(...dueEvent(item, r.timeZone, stamp));
    }
  }
  const years = rows.map((v) => Number(v.event.startDate.slice(0, 4)));
  const year = now.getUTCFullYear();
  return calendarText('Klase', r.timeZone, [Math.max(year - 10, Math.min(year - 1, ...years)), year + 2], body);
};
