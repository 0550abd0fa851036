import type { FastifyRequest } from 'fastify';
import { SUBMISSION_FILE_FIELD } from '@klase/core/assignments/contracts';
import { DomainError } from '@klase/core/errors';
import { ROUTE_ROLES } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import type { Policy } from '../../platform/types.ts';
import type { IncomingFile } from '../materials/uploads.service.ts';

/** Policies and the multipart reader shared by the assignment routes. */

/** Class members: the material access check decides who reaches what. */
export const members: Policy = { access: 'roles', roles: ROUTE_ROLES.courses };
/** Staff of the class read work and settings. */
export const staff: Policy = { access: 'roles', roles: ROUTE_ROLES.assessmentReview };
/** Teachers of the class change settings and grade (assistants: 403). */
export const teachers: Policy = { access: 'roles', roles: ROUTE_ROLES.assessmentManage };
/** Teachers and assistants of the class grade (issue 13). */
export const graders: Policy = { access: 'roles', roles: ROUTE_ROLES.assessmentGrade };
/** A student works on their own submission. */
export const students: Policy = { access: 'roles', roles: [ROLE.student] };
/** Students read their own work, parents their child's. */
export const studentsAndParents: Policy = { access: 'roles', roles: [ROLE.student, ROLE.parent] };

const fileRequired = (): DomainError => new DomainError('VALIDATION', { fields: [{ path: SUBMISSION_FILE_FIELD, key: 'required' }] });

/**
 * Reads the one file of a multipart request, called by the services once access and limits are
 * known (so a refused caller sends no byte to storage). The app-wide multipart limit is the 2 MB
 * of images: this raises it to one byte over `maxBytes`, so storage sees an overflow and refuses
 * the whole file.
 */
export const multipartFile =
  (request: FastifyRequest) =>
  async (maxBytes: number): Promise<IncomingFile> => {
    if (!request.isMultipart()) throw fileRequired();
    const file = await request.file({ throwFileSizeLimit: false, limits: { fileSize: maxBytes + 1, files: 1, fields: 5, parts: 6 } });
    if (!file || file.fieldname !== SUBMISSION_FILE_FIELD) throw fileRequired();
    return { stream: file.file, fileName: file.filename, truncated: () => file.file.truncated };
  };
