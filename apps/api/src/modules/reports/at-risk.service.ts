import { randomUUID } from 'node:crypto';
import { DomainError } from '@klase/core/errors';
import type { AtRiskMessageInput } from '@klase/core/reports/contracts';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { startConversation } from '../messaging/conversations.service.ts';
import { sendMessage } from '../messaging/send.service.ts';
import { loadReportAccess, requireWritable } from './report-access.ts';
import { studentsWithParents } from './reports.repo.ts';

/** A person the messaging rules do not let the caller write to (blocked, inactive, not reachable) is left out, not an error. */
const SKIPPED = new Set(['MESSAGE_NOT_ALLOWED', 'MESSAGE_BLOCKED', 'MESSAGE_YOU_BLOCKED', 'NOT_FOUND']);

/**
 * `POST /api/reports/at-risk/message`: one direct message from the caller to each chosen student
 * and, with `includeParents`, each of their linked parents, sent through the messaging service
 * (so the usual real-time events, notifications and offline e-mail apply). One action is one
 * message per person, so the per-message flood window is not counted for it. Students not in the
 * class: 404 before anything is sent; the lsg: 403. Answers how many people were messaged.
 */
export const sendAtRiskMessage = async (ctx: Ctx, user: UserRow, input: AtRiskMessageInput): Promise<{ sent: number }> => {
  const access = await loadReportAccess(ctx.db, user, input.classId);
  requireWritable(access);
  const ids = [...new Set(input.studentIds)];
  const found = await studentsWithParents(ctx.db, input.classId, ids);
  if (found.length !== ids.length) throw new DomainError('NOT_FOUND');
  const recipients = new Set<string>();
  for (const s of found) {
    recipients.add(s.studentId);
    if (input.includeParents) for (const p of s.parentIds) recipients.add(p);
  }
  let sent = 0;
  for (const userId of recipients) {
    try {
      const { details } = await startConversation(ctx.db, user, { kind: 'direct', userId });
      await sendMessage(ctx.db, ctx, user, details.id, { clientId: randomUUID(), body: input.text, attachmentIds: [] }, false);
      sent += 1;
    } catch (err) {
      if (!(err instanceof DomainError && SKIPPED.has(err.code))) throw err;
    }
  }
  return { sent };
};
