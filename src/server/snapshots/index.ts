// snapshots: a project's configuration as one versioned JSON document (docs/snapshots.md): the call
// (routes.ts), the document's assembly (snapshot.ts), the diff (diff.ts), the apply (apply*.ts), the
// integrations' part without their secret settings (integrations.ts) and the SQL no other capability has (sql.ts).
// Order (docs/server.md): after apps, before hosts; it reads every other capability's configuration.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
