// db: the database: opening it on PGlite or PostgreSQL (database.ts, dialect-pglite.ts), the Kysely
// schema of every table (schema.ts and schema-*.ts), the migrations (migrations/index.ts) and small
// helpers every query uses (json.ts toJson, now.ts clockNow, uuid7.ts).
// With platform/, the foundation of docs/server.md: it imports platform/ and nothing else of the server.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
