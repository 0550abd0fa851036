import type { AnnouncementRow } from '@klase/core/announcements/contracts';
import { ROLE } from '@klase/core/roles';

/** An announcement as the API answers it (a teacher's class announcement, current, unread). */
export const announcementRow = (over: Partial<AnnouncementRow> = {}): AnnouncementRow => ({
  id: 'a1',
  title: 'Field trip on Friday',
  bodyHtml: '<p>Bring <strong>water</strong>.</p>',
  audience: 'class',
  classId: 'k1',
  courseId: null,
  audienceName: 'Grade 7 - Sampaguita',
  author: { id: 't1', name: 'Maria Santos', roleId: ROLE.teacher, photoUrl: null },
  startsAt: '2026-03-05T01:00:00.000Z',
  endsAt: null,
  email: false,
  createdAt: '2026-03-05T01:00:00.000Z',
  updatedAt: '2026-03-05T01:00:00.000Z',
  status: 'current',
  read: false,
  canEdit: false,
  ...over,
});
