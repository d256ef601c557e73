// pg-boss on PGlite: pg-boss 10 takes a `db` option { executeSql(text, values) }. PGlite has one
// connection, serialised by our Kysely dialect (dialect-pglite's mutex), so every pg-boss statement
// waits in the same line as the application's queries and never slips into one of their
// transactions. pg-boss sends multi-statement scripts without parameters (its install, migrations
// and the maintenance commands wrapped in BEGIN ... COMMIT with an advisory lock): those go through
// PGlite's exec (simple protocol, several statements); anything with parameters goes through query.
//
// Deadlock rule: code that holds the connection (a Kysely transaction on PGlite) must not await a
// pg-boss call (send, complete), since that waits for the very connection it holds. The bulk job
// sends its continuation only after its batch transaction has committed.
import type { PGlite, Results } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[]; rowCount?: number }>;
}

export function pgliteExecutor(db: Kysely<Database>, pglite: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      // db.connection() takes the dialect's one connection (waits its turn) for the whole call.
      return db.connection().execute(async () => {
        if (values && values.length > 0) {
          const result = await pglite.query(text, values);
          return { rows: result.rows as any[], rowCount: result.affectedRows ?? result.rows.length };
        }
        try {
          const results: Results[] = await pglite.exec(text);
          const last = results[results.length - 1];
          return { rows: (last?.rows ?? []) as any[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
        } catch (error) {
          // A script that failed between its BEGIN and COMMIT must not leave the one connection in
          // an aborted transaction for the next holder.
          await pglite.exec('rollback').catch(() => undefined);
          throw error;
        }
      });
    },
  };
}
