import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ANNOUNCEMENTS_PATH,
  type AnnouncementForm,
  type AnnouncementList,
  type AnnouncementOptions,
  type AnnouncementRow,
} from '@klase/core/announcements/contracts';
import { apiFetch } from '../../api/http.ts';

/**
 * Announcements (packages/core/src/announcements/contracts.ts). Everything sits under
 * `['announcements']`: a save or delete refreshes the dashboard box and the manage list.
 */
export type ManageStatus = 'all' | 'scheduled' | 'current' | 'ended';
type Page = { items: AnnouncementRow[]; nextCursor: string | null };

export const announcementKeys = {
  all: ['announcements'] as const,
  current: (childId: string | null) => ['announcements', 'current', childId ?? 'self'] as const,
  managed: (status: ManageStatus) => ['announcements', 'managed', status] as const,
  options: ['announcements', 'options'] as const,
};

/** The reader's current ones (a parent: `childId`'s), newest first, with the unread count. */
export const useCurrentAnnouncements = (childId: string | null, enabled = true) =>
  useQuery({
    enabled,
    queryKey: announcementKeys.current(childId),
    queryFn: ({ signal }) => apiFetch<AnnouncementList>(`${ANNOUNCEMENTS_PATH}/current${childId ? `?childId=${encodeURIComponent(childId)}` : ''}`, { signal }),
  });

export const useManagedAnnouncements = (status: ManageStatus) =>
  useInfiniteQuery({
    queryKey: announcementKeys.managed(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page>(`${ANNOUNCEMENTS_PATH}?status=${status}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

/** Where the caller may announce (audiences, classes, courses). */
export const useAnnouncementOptions = () =>
  useQuery({ queryKey: announcementKeys.options, queryFn: ({ signal }) => apiFetch<AnnouncementOptions>(`${ANNOUNCEMENTS_PATH}/options`, { signal }) });

/** Opening one marks it read (once); the box's marker and count follow. */
export const useMarkAnnouncementRead = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`${ANNOUNCEMENTS_PATH}/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['announcements', 'current'] }),
  });
};

/** Creates (no id) or saves one, then refreshes every announcement list. */
export const saveAnnouncementCall = (id: string | null, body: AnnouncementForm) =>
  apiFetch<AnnouncementRow>(id ? `${ANNOUNCEMENTS_PATH}/${encodeURIComponent(id)}` : ANNOUNCEMENTS_PATH, { method: id ? 'PUT' : 'POST', body });

export const deleteAnnouncementCall = (id: string) => apiFetch<void>(`${ANNOUNCEMENTS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useRefreshAnnouncements = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: announcementKeys.all });
};
