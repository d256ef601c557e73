// Record history (docs/history.md): a revision of every write of a record, kept in the write's own
// transaction, read newest first with each change's earlier and new value, and restored through the
// record's own rules and workflows.
// - hooks.ts: registerHistoryHooks, the subscriptions to the records' written hooks (instance.ts);
// - sql.ts: the revision rows (one write's, or an import's and a bulk action's set-based in SQL), the
//   reads, and the retention (housekeeping.ts: purgeRevisions);
// - snapshot.ts: what a revision keeps (hashed fields as an md5 of their hash), who wrote it, and
//   the changes a reader may see;
// - revisions.ts: the GET calls' answers and the restore; routes.ts: the calls (main host).
export {};
