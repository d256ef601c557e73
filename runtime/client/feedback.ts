// The feedback inbox calls (runtime/api/feedback.ts) over the main client (no React, usable from Node).
import { FEEDBACK_PATH, type FeedbackBody, type FeedbackFilter, type FeedbackItem, type FeedbackList } from '../api/feedback';
import { mainClient } from './clients';

export type * from '../api/feedback';

export const feedbackApi = {
  send: (body: FeedbackBody) => mainClient.post<{ uuid: string }>(FEEDBACK_PATH, body),
  list: (filter: FeedbackFilter, signal?: AbortSignal) => mainClient.get<FeedbackList>(`${FEEDBACK_PATH}?filter=${filter}`, { signal }),
  markRead: (uuid: string, read: boolean) => mainClient.patch<FeedbackItem>(`${FEEDBACK_PATH}/${encodeURIComponent(uuid)}`, { read }),
};
