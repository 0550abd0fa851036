import {
  MESSAGES_PATH,
  MESSAGE_FILE_FIELD,
  type AttachmentRef,
  type ContactRow,
  type ConversationDetails,
  type ConversationFilter,
  type ConversationPage,
  type Message,
  type MessagePage,
  type MessageSettings,
  type StartConversation,
  type UserDetails,
} from '@klase/core/messaging/contracts';
import { apiFetch, uploadWithProgress } from '../../api/http.ts';

/** `/api/messages/...` as the messaging pages and the shell's drawer call it (contracts in core). */
export const messageKeys = {
  all: ['messages'] as const,
  lists: ['messages', 'list'] as const,
  recent: ['messages', 'list', 'recent'] as const,
  list: (filter: ConversationFilter, q: string) => ['messages', 'list', filter, q] as const,
  details: (id: string) => ['messages', 'details', id] as const,
  unread: ['messages', 'unread'] as const,
  contacts: (q: string) => ['messages', 'contacts', q] as const,
  user: (id: string) => ['messages', 'user', id] as const,
  settings: ['messages', 'settings'] as const,
  history: ['messages', 'history'] as const,
  search: (q: string) => ['messages', 'search', q] as const,
};

const enc = encodeURIComponent;
const conversationPath = (id: string) => `${MESSAGES_PATH}/conversations/${enc(id)}`;
const query = (params: Record<string, string | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '')).toString();
  return s ? `?${s}` : '';
};

export const listConversations = (filter: ConversationFilter, q: string, cursor?: string) =>
  apiFetch<ConversationPage>(`${MESSAGES_PATH}/conversations${query({ filter, q, cursor })}`);
export const getConversation = (id: string) => apiFetch<ConversationDetails>(conversationPath(id));
export const startConversationCall = (body: StartConversation) => apiFetch<ConversationDetails>(`${MESSAGES_PATH}/conversations`, { method: 'POST', body });
export const getMessages = (id: string, before?: string) => apiFetch<MessagePage>(`${conversationPath(id)}/messages${query({ before })}`);
export const sendMessageCall = (id: string, body: { clientId: string; body: string; attachmentIds: string[] }) =>
  apiFetch<Message>(`${conversationPath(id)}/messages`, { method: 'POST', body });
export const markReadCall = (id: string, messageId: string) =>
  apiFetch<{ unread: number }>(`${conversationPath(id)}/read`, { method: 'POST', body: { messageId } });
export const typingCall = (id: string) => apiFetch<unknown>(`${conversationPath(id)}/typing`, { method: 'POST' });
export const starCall = (id: string, on: boolean) => apiFetch<unknown>(`${conversationPath(id)}/star`, { method: 'PUT', body: { on } });
export const muteCall = (id: string, on: boolean) => apiFetch<unknown>(`${conversationPath(id)}/mute`, { method: 'PUT', body: { on } });
export const blockCall = (userId: string, on: boolean) => apiFetch<unknown>(`${MESSAGES_PATH}/contacts/${enc(userId)}/block`, { method: 'PUT', body: { on } });
export const getContacts = (q: string) => apiFetch<{ items: ContactRow[] }>(`${MESSAGES_PATH}/contacts${query({ q })}`);
export const getUserDetails = (id: string) => apiFetch<UserDetails>(`${MESSAGES_PATH}/users/${enc(id)}`);
export const searchMessages = (q: string) => apiFetch<{ items: { message: Message; conversationTitle: string }[] }>(`${MESSAGES_PATH}/search${query({ q })}`);
export const getSearchHistory = () => apiFetch<{ items: string[] }>(`${MESSAGES_PATH}/search-history`);
export const clearSearchHistory = () => apiFetch<unknown>(`${MESSAGES_PATH}/search-history`, { method: 'DELETE' });
export const getSettings = () => apiFetch<MessageSettings>(`${MESSAGES_PATH}/settings`);
export const saveSettings = (body: MessageSettings) => apiFetch<MessageSettings>(`${MESSAGES_PATH}/settings`, { method: 'PUT', body });
/** The badge's count; a newer request cancels this one (`signal`). */
export const getUnreadCount = (signal?: AbortSignal) => apiFetch<{ count: number }>(`${MESSAGES_PATH}/unread-count`, { signal });

/** One file to `POST /api/messages/attachments`, with progress (the upload box's convention). */
export const uploadAttachment = (file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append(MESSAGE_FILE_FIELD, file, file.name);
  return uploadWithProgress<AttachmentRef>(`${MESSAGES_PATH}/attachments`, data, onProgress);
};
