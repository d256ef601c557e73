// The feedback inbox (docs/platform.md "Feedback"): the report-error modal sends the request id of the
// failed call, the route the user was on and their words; the project's admins read the reports in
// the app (/admin/feedback) and mark them read. POST is open to every member of the project; the
// list and the read mark are for admins.
import { arrayOf, closed, dateTimeSchema, judged, nullable, stringSchema, uuidSchema } from './schemas';

export const FEEDBACK_PATH = '/v1/feedback';
export const FEEDBACK_ITEM_PATH = '/v1/feedback/:uuid';

export const FEEDBACK_LIMITS = {
  /** Characters of the user's words at most. */
  messageMax: 4000,
  /** Characters of the route (path and query) at most. */
  routeMax: 500,
  /** Characters of the request id at most (the server's x-request-uuid is a uuid). */
  requestIdMax: 64,
  /** Reports one user may send in the window before 429 'tooManyAttempts'. */
  perWindow: 10,
  windowMs: 60 * 60 * 1000,
  /** Reports one list answers, newest first. */
  listMax: 200,
} as const;

export const FEEDBACK_MESSAGE = {
  required: 'identityField.requiredField',
  tooLong: 'cantBeMoreThenChars',
  invalid: 'invalid',
} as const;

export interface FeedbackBody {
  /** The x-request-uuid of the failed call, or null when there was none. */
  request_uuid: string | null;
  /** The route the user was on (path, query and hash). */
  route: string;
  /** What the user wrote. */
  message: string;
}

export interface FeedbackItem {
  uuid: string;
  request_uuid: string | null;
  route: string;
  message: string;
  user_uuid: string | null;
  /** The sender's name, or their e-mail when it is empty; null when the user no longer exists. */
  user_name: string | null;
  read: boolean;
  created_at: string;
}

export type FeedbackFilter = 'unread' | 'all';

export const feedbackBody = closed(
  {
    request_uuid: judged('the x-request-uuid of the failed call, or null'),
    route: judged(`the route the user was on, 1-${FEEDBACK_LIMITS.routeMax} characters starting with /`),
    message: judged(`what the user wrote, 1-${FEEDBACK_LIMITS.messageMax} characters`),
  },
  ['route', 'message'],
);

export const feedbackReadBody = closed({ read: { type: 'boolean' } }, ['read']);

export const feedbackListQuery = {
  type: 'object',
  properties: { filter: { type: 'string', enum: ['unread', 'all'], description: "'unread' (the default) or 'all'" } },
  additionalProperties: false,
} as const;

export const feedbackItemSchema = closed(
  {
    uuid: uuidSchema,
    request_uuid: nullable(stringSchema),
    route: stringSchema,
    message: stringSchema,
    user_uuid: nullable(uuidSchema),
    user_name: nullable(stringSchema),
    read: { type: 'boolean' },
    created_at: dateTimeSchema,
  },
  ['uuid', 'request_uuid', 'route', 'message', 'user_uuid', 'user_name', 'read', 'created_at'],
);

export const feedbackListSchema = closed({ items: arrayOf(feedbackItemSchema), unread: { type: 'integer' } }, ['items', 'unread']);
export const feedbackCreatedSchema = closed({ uuid: uuidSchema }, ['uuid']);

export interface FeedbackList {
  items: FeedbackItem[];
  /** Unread reports of the project in all. */
  unread: number;
}
