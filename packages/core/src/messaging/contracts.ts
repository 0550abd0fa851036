import { z } from 'zod';
import { V, safeString } from '../validation/rules.ts';

/**
 * Messaging (issue 16): one-to-one and group conversations inside one school, live over the
 * real-time channel (`GET /api/realtime`, decision 0037), with star, mute, block, attachments,
 * search and email to offline recipients. Pages: `#/messages/list/{id?}`, `#/messages/contacts`,
 * `#/messages/settings`, `#/messages/user-details` (`?id=<userId>`), and the messages drawer of the
 * app shell.
 *
 * Who may message whom (the server decides; `GET .../contacts` lists exactly those people):
 * - teachers (and assistant teachers) of a class ↔ its students and those students' parents;
 * - students ↔ their teachers, and ↔ classmates unless the school switched student-to-student
 *   messaging off (`STUDENT_MESSAGING_OFF`);
 * - parents ↔ their children's teachers;
 * - school administrators ↔ everyone of their school.
 * Nobody messages across schools, and accounts without a school (platform roles) have no
 * messaging. Anything else is 403 `MESSAGE_NOT_ALLOWED`; a conversation or user the caller cannot
 * see is 404 (ids cannot be probed).
 *
 * Blocking: A blocks B → B cannot send to A in their one-to-one conversation (403
 * `MESSAGE_BLOCKED`), A cannot send until A unblocks (403 `MESSAGE_YOU_BLOCKED`); both see why in
 * the conversation (`ConversationDetails.sendBlocked`). In a group, a block hides nothing and stops
 * nothing (a class conversation belongs to the class).
 *
 * Message bodies are plain text: HTML or script is stored and shown as text, never rendered.
 */

export const MESSAGES_PATH = '/api/messages';
export const MESSAGE_BODY_MAX = 10_000;
/** Files per message (each within the upload rules of `upload.ts`, checked by content). */
export const MESSAGE_ATTACHMENTS_MAX = 5;
/** Page size of conversation lists and of a conversation's messages. */
export const MESSAGES_PAGE = 30;
/** Entries kept in a user's search history (newest first). */
export const MESSAGE_SEARCH_HISTORY_MAX = 10;
export const MESSAGE_SEARCH_MAX = 100;
/** A sender may send this many messages per minute, over all conversations (then 429 RATE_LIMITED). */
export const MESSAGE_FLOOD_PER_MINUTE = 30;
/** An offline recipient with email on gets at most one mail per conversation in this window. */
export const MESSAGE_EMAIL_WINDOW_MINUTES = 15;

export const CONVERSATION_KINDS = ['direct', 'class', 'group'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** `all`: every conversation; `unread`; `starred`; `private`: one-to-one only. */
export const CONVERSATION_FILTERS = ['all', 'unread', 'starred', 'private'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

/** `GET /api/messages/conversations?filter=&q=&cursor=`: newest activity first; `q` matches a conversation's title or member names. */
export const conversationListQuery = z.object({
  filter: z.enum(CONVERSATION_FILTERS, { error: V.invalidChoice }).default('all'),
  q: safeString().trim().max(MESSAGE_SEARCH_MAX, { error: V.maxLength }).default(''),
  /** Opaque; from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type ConversationListQuery = z.input<typeof conversationListQuery>;

export const personRef = z.object({
  id: z.string(),
  name: z.string(),
  /** Role id (`roles.ts`). */
  roleId: z.number(),
  /** `GET /api/users/:id/photo`-style URL, or null. */
  photoUrl: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRef>;

export const attachmentRef = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  /** `GET /api/messages/attachments/:id` (members of the conversation only). */
  downloadUrl: z.string(),
});
export type AttachmentRef = z.infer<typeof attachmentRef>;

export const message = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** The sender's own id for this message (a UUID made by the client); retries with it are answered with the same message. */
  clientId: z.string(),
  sender: personRef,
  /** Plain text (show it as text). */
  body: z.string(),
  attachments: z.array(attachmentRef),
  createdAt: z.string(),
});
export type Message = z.infer<typeof message>;

export const conversationRow = z.object({
  id: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  /** direct: the other person's name; class: the class name; group: "<group> · <class>". */
  title: z.string(),
  /** direct: the other person; otherwise null. */
  contact: personRef.nullable(),
  memberCount: z.number(),
  lastMessage: z.object({ body: z.string(), senderName: z.string(), createdAt: z.string(), hasAttachments: z.boolean() }).nullable(),
  unread: z.number(),
  starred: z.boolean(),
  muted: z.boolean(),
  updatedAt: z.string(),
});
export type ConversationRow = z.infer<typeof conversationRow>;

export const conversationPage = z.object({ items: z.array(conversationRow), nextCursor: z.string().nullable() });
export type ConversationPage = z.infer<typeof conversationPage>;

/** Why the caller cannot send here, or null when they can. */
export const SEND_BLOCKED_REASONS = ['youBlocked', 'blockedYou', 'notAllowed'] as const;

export const conversationDetails = conversationRow.extend({
  members: z.array(personRef),
  /** direct only: the caller blocked the contact. */
  contactBlocked: z.boolean(),
  sendBlocked: z.enum(SEND_BLOCKED_REASONS).nullable(),
  /** The other members' last read message id (read receipts: "Seen"). */
  readUpTo: z.array(z.object({ userId: z.string(), messageId: z.string().nullable() })),
});
export type ConversationDetails = z.infer<typeof conversationDetails>;

/**
 * `POST /api/messages/conversations`: find or create. `direct` with `userId` (the same pair always
 * gets the same conversation); `class` with `classId` (teachers of the class and the school admin
 * start it; members: the class's teachers and students); `group` with `groupId` (a group of a
 * class: its members and the class's teachers). Answers 200 with `ConversationDetails` (201 when new).
 */
export const startConversation = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('direct'), userId: z.uuid({ error: V.required }) }),
    z.object({ kind: z.literal('class'), classId: z.uuid({ error: V.required }) }),
    z.object({ kind: z.literal('group'), groupId: z.uuid({ error: V.required }) }),
  ],
  { error: V.invalidChoice },
);
export type StartConversation = z.input<typeof startConversation>;

/** `GET /api/messages/conversations/:id/messages?before=<messageId>&limit=`: oldest-first page ending before `before` (default: the newest). */
export const messagePageQuery = z.object({
  before: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE),
});
export const messagePage = z.object({ items: z.array(message), hasMore: z.boolean() });
export type MessagePage = z.infer<typeof messagePage>;

/**
 * `POST /api/messages/conversations/:id/messages`: body and/or attachments (ids from
 * `POST /api/messages/attachments`, the sender's own, unused). A repeat with the same `clientId`
 * answers the stored message (200) instead of a second one (201).
 */
export const sendMessage = z
  .object({
    clientId: z.uuid({ error: V.required }),
    body: safeString().trim().max(MESSAGE_BODY_MAX, { error: V.maxLength }).default(''),
    attachmentIds: z.array(z.uuid()).max(MESSAGE_ATTACHMENTS_MAX, { error: V.maxLength }).default([]),
  })
  .refine((m) => m.body !== '' || m.attachmentIds.length > 0, { error: V.required, path: ['body'] });
export type SendMessage = z.input<typeof sendMessage>;

/** `POST /api/messages/conversations/:id/read`: everything up to `messageId` is read. Answers `{ unread }` (the caller's total). */
export const markRead = z.object({ messageId: z.string().min(1).max(40) });

/** `PUT /api/messages/conversations/:id/star` `{ on }`, `.../mute` `{ on }`; `PUT /api/messages/contacts/:userId/block` `{ on }`. */
export const toggle = z.object({ on: z.boolean({ error: V.required }) });

/** `POST /api/messages/conversations/:id/typing` (no body; send at most every 3 s while typing). */

/** `GET /api/messages/contacts?q=`: the people the caller may message, grouped. */
export const CONTACT_GROUPS = ['teachers', 'students', 'parents', 'classmates', 'staff'] as const;
export const contactRow = personRef.extend({
  group: z.enum(CONTACT_GROUPS),
  /** e.g. class names they share, or "Parent of Juan Dela Cruz". */
  context: z.string(),
  blocked: z.boolean(),
});
export type ContactRow = z.infer<typeof contactRow>;
export const contactList = z.object({ items: z.array(contactRow) });

/** `GET /api/messages/users/:id`: someone the caller may message or already talks with (else 404). */
export const userDetails = personRef.extend({
  roleName: z.string(),
  email: z.string().nullable(),
  context: z.string(),
  blocked: z.boolean(),
  /** The one-to-one conversation id, when one exists. */
  conversationId: z.string().nullable(),
  canMessage: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetails>;

/** `GET /api/messages/search?q=`: the caller's own conversations' messages containing `q` (newest first, 50 at most). Saves `q` in the history. */
export const messageSearchQuery = z.object({
  q: safeString().trim().min(2, { error: V.minLength }).max(MESSAGE_SEARCH_MAX, { error: V.maxLength }),
});
export const messageSearchHit = z.object({ message, conversationTitle: z.string() });
export const messageSearchResult = z.object({ items: z.array(messageSearchHit) });
/** `GET /api/messages/search-history` → `{ items: string[] }`; `DELETE` clears it. */
export const searchHistory = z.object({ items: z.array(z.string()) });

/** `GET` / `PUT /api/messages/settings`. */
export const messageSettings = z.object({
  enterToSend: z.boolean({ error: V.required }),
  /** Mail me new messages while I am offline (at most one per conversation per 15 minutes). */
  emailWhenOffline: z.boolean({ error: V.required }),
});
export type MessageSettings = z.infer<typeof messageSettings>;

/** `GET /api/messages/unread-count` → `{ count }`: unread messages over unmuted conversations (the drawer's badge). */
export const unreadCount = z.object({ count: z.number() });

/**
 * `POST /api/messages/attachments` (multipart, one part `file`): stored for the sender, checked by
 * content against the upload rules; answers 201 `AttachmentRef`. Unused attachments are removed
 * after a day.
 */
export const MESSAGE_FILE_FIELD = 'file';

/**
 * Real-time event types on the channel (`useRealtime(type, handler)`):
 * - `message.new` `{ conversationId, message }` to every member (the sender's other tabs too);
 * - `message.read` `{ conversationId, userId, messageId, unread }` (unread: the recipient's own total, sent to the reader);
 * - `message.typing` `{ conversationId, userId, name }` to the other members;
 * - `conversation.updated` `{ conversationId }` (star, mute, block, members) to the caller's tabs.
 */
export const MESSAGE_EVENTS = {
  new: 'message.new',
  read: 'message.read',
  typing: 'message.typing',
  conversationUpdated: 'conversation.updated',
} as const;
