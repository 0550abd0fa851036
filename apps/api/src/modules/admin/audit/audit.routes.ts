import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditRow, auditTableQuery, type AuditRow } from '@klase/core/admin/audit';
import { option } from '@klase/core/admin/common';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { requestScope } from '../admin-scope.ts';
import type { Policy } from '../../../platform/types.ts';
import { auditActors, listAudit } from './audit.repo.ts';

const policy: Policy = { access: 'roles', roles: ROUTE_ROLES.adminAudit };
const tags = ['admin'];

const asValues = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { policy }, schema: { tags, querystring: auditTableQuery, response: { 200: tablePage(auditRow) } } }, async (request) => {
    const q = request.query;
    const { rows, total } = await listAudit(app.database.db, requestScope(request), q);
    const data: AuditRow[] = rows.map((r) => {
      const d = r.entry.data ?? {};
      const hasChange = 'before' in d || 'after' in d;
      return {
        id: r.entry.id,
        createdAt: r.entry.createdAt.toISOString(),
        actorId: r.entry.actorId,
        actorName: r.actorUsername ? r.actorName : null,
        actorUsername: r.actorUsername,
        action: r.entry.action,
        targetType: r.entry.targetType,
        targetId: r.entry.targetId,
        targetLabel: r.targetLabel,
        schoolId: r.entry.schoolId,
        schoolName: r.schoolName,
        before: hasChange ? asValues(d.before) : null,
        after: hasChange ? asValues(d.after) : asValues(d),
      };
    });
    return { data, pagination: { page: q.page, totalcount: total } };
  });

  app.get('/actors', { config: { policy }, schema: { tags, response: { 200: z.array(option) } } }, async (request) =>
    (await auditActors(app.database.db, requestScope(request))).map((a) => ({
      id: a.id,
      name: `${a.firstName} ${a.lastName}`,
      hint: a.username,
    })),
  );
};
