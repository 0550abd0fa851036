import type { MessageAnswer } from '@klase/core/admin/common';
import {
  RESOURCES_PATH,
  RESOURCE_FILE_FIELD,
  type ResourceEditForm,
  type ResourceFileForm,
  type ResourceLinkForm,
  type ResourceSaved,
} from '@klase/core/resources/contracts';
import { apiFetch, uploadWithProgress } from '../../api/http.ts';

/** `/api/resources/...` as the library page calls it. */
export { RESOURCES_PATH };

export const resourceKeys = {
  all: ['resources'] as const,
  table: ['resources', 'table'] as const,
};

const resourcePath = (id: string) => `${RESOURCES_PATH}/${encodeURIComponent(id)}`;

export const addLinkCall = (body: ResourceLinkForm) => apiFetch<ResourceSaved>(`${RESOURCES_PATH}/links`, { method: 'POST', body });

/** The text fields first, then the one file (the API checks the fields before it stores a byte). */
export const uploadResourceCall = (fields: ResourceFileForm, file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append('title', fields.title);
  data.append('description', fields.description ?? '');
  data.append('gradeLevel', fields.gradeLevel ?? '');
  data.append('subject', fields.subject ?? '');
  data.append(RESOURCE_FILE_FIELD, file, file.name);
  return uploadWithProgress<ResourceSaved>(`${RESOURCES_PATH}/files`, data, onProgress);
};

export const updateResourceCall = (id: string, body: ResourceEditForm) => apiFetch<ResourceSaved>(resourcePath(id), { method: 'PUT', body });

export const removeResourceCall = (id: string) => apiFetch<MessageAnswer>(resourcePath(id), { method: 'DELETE' });
