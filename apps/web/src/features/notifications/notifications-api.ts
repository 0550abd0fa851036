import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENTS, NOTIFICATIONS_PATH, type NotificationPage, type NotificationSettings } from '@klase/core/notifications/contracts';
import { apiFetch } from '../../api/http.ts';
import { useRealtime, useRealtimeReconnect } from '../../lib/use-realtime.ts';

/**
 * The user's notifications (packages/core/src/notifications/contracts.ts). Everything sits under
 * `['notifications']`; `notification.new` / `notification.read` events refresh it live.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (filter: 'all' | 'unread') => ['notifications', 'list', filter] as const,
  unread: ['notifications', 'unread'] as const,
  settings: ['notifications', 'settings'] as const,
};

export const useNotificationList = (filter: 'all' | 'unread') =>
  useInfiniteQuery({
    queryKey: notificationKeys.list(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<NotificationPage>(`${NOTIFICATIONS_PATH}?filter=${filter}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => apiFetch<{ count: number }>(`${NOTIFICATIONS_PATH}/unread-count`, { signal }),
    select: (d) => d.count,
  });

/** The newest few, for the bell's menu. */
export const useLatestNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: [...notificationKeys.list('all'), 'latest'],
    queryFn: ({ signal }) => apiFetch<NotificationPage>(`${NOTIFICATIONS_PATH}?filter=all`, { signal }),
    select: (d) => d.items.slice(0, 5),
    enabled,
  });

/**
 * Asks the server for the bell's count and the lists again. A count carried by an answer or an
 * event could be older than a count already on its way (whichever lands last would win); asking
 * again cancels the request in flight, so the newest request decides (decision 0069).
 */
const refreshUnread = (qc: ReturnType<typeof useQueryClient>) => {
  void qc.invalidateQueries({ queryKey: notificationKeys.unread });
  void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
};

/** Marks one read (opening it) or all read; the count is asked again at once. */
export const useMarkRead = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      apiFetch<{ unread: number }>(id === 'all' ? `${NOTIFICATIONS_PATH}/read-all` : `${NOTIFICATIONS_PATH}/${encodeURIComponent(id)}/read`, {
        method: 'POST',
      }),
    onSuccess: () => refreshUnread(qc),
  });
};

export const useNotificationSettings = () =>
  useQuery({ queryKey: notificationKeys.settings, queryFn: ({ signal }) => apiFetch<NotificationSettings>(`${NOTIFICATIONS_PATH}/settings`, { signal }) });

export const useSaveNotificationSettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: NotificationSettings) => apiFetch<NotificationSettings>(`${NOTIFICATIONS_PATH}/settings`, { method: 'PUT', body: s }),
    onSuccess: (s) => qc.setQueryData(notificationKeys.settings, s),
  });
};

/** Keeps the count and the lists current with the real-time channel (mounted once, by the bell). */
export const useLiveNotifications = () => {
  const qc = useQueryClient();
  useRealtime(NOTIFICATION_EVENTS.new, () => refreshUnread(qc));
  useRealtime(NOTIFICATION_EVENTS.read, () => refreshUnread(qc));
  useRealtimeReconnect(() => refreshUnread(qc));
};
