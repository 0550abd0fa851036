import { useCallback, useState } from 'react';
import { readStored as read, writeStored as write } from '../../lib/preferences.ts';
import { useSession } from '../../lib/session-store.ts';
import { EVENT_KINDS, type EventKind } from './event-kinds.tsx';

/**
 * The calendar's remembered choices, in localStorage per user (so two people sharing a device keep
 * their own): the event kinds hidden from the views, and a parent's `isCalendarViewAsParent`
 * (on by default: the selected child's calendar; off: the parent's own).
 */
export const hiddenKindsKey = (userId: string) => `klase.calendar.hidden.${userId}`;
export const viewAsParentKey = (userId: string) => `klase.isCalendarViewAsParent.${userId}`;

export const readHiddenKinds = (userId: string): EventKind[] => {
  try {
    const parsed: unknown = JSON.parse(read(hiddenKindsKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? EVENT_KINDS.filter((k) => parsed.includes(k)) : [];
  } catch {
    return [];
  }
};

export const readViewAsParent = (userId: string): boolean => read(viewAsParentKey(userId)) !== 'false';

const useUserId = () => useSession((s) => s.profile?.id ?? 'anonymous');

/** The hidden kinds and a setter that remembers them. */
export const useHiddenKinds = () => {
  const userId = useUserId();
  const [hidden, setHidden] = useState<EventKind[]>(() => readHiddenKinds(userId));
  const toggle = useCallback(
    (kind: EventKind, shown: boolean) => {
      setHidden((prev) => {
        const next = shown ? prev.filter((k) => k !== kind) : [...prev.filter((k) => k !== kind), kind];
        write(hiddenKindsKey(userId), JSON.stringify(next));
        return next;
      });
    },
    [userId],
  );
  return { hidden, toggle };
};

/** A parent's "View as parent" switch (on by default). */
export const useViewAsParent = () => {
  const userId = useUserId();
  const [on, setOn] = useState(() => readViewAsParent(userId));
  const set = useCallback(
    (value: boolean) => {
      write(viewAsParentKey(userId), String(value));
      setOn(value);
    },
    [userId],
  );
  return [on, set] as const;
};
