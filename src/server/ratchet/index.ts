// ratchet: connections to outside PostgreSQL and MariaDB/MySQL databases (docs/ratchet.md): the calls
// (routes.ts, console.ts for the streamed console), the rules of a connection (connections.ts), where
// one may go (target.ts), one statement per call (statement.ts), the drivers (driver.ts, postgres.ts,
// mariadb.ts), the statements running here (running.ts), the SQL (sql.ts) and runReadOnlyQuery
// (query.ts), which thunder data sets, widgets and the external select will call.
// Order (docs/server.md): before widgets; it uses platform, db, auth and iam.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
