// The feedback inbox (migration 0037_feedback, runtime/api/feedback.ts).
import type { NullableTimestamp, Timestamp } from './schema-columns';

export interface FeedbackReportsTable {
  uuid: string;
  project_uuid: string;
  user_uuid: string | null;
  request_uuid: string | null;
  route: string;
  message: string;
  read_at: NullableTimestamp;
  read_by: string | null;
  created_at: Timestamp;
}
