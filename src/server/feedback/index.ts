// feedback: the feedback inbox (docs/platform.md "Feedback"): the report-error modal's reports
// (feedback.ts: checks, the per-user send limit, the admins' list and read mark) and their calls
// (routes.ts, mounted by the main host). Order (docs/server.md): after templates; it uses only
// platform, db, auth and iam.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
