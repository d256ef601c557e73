// List columns with formatter code (spec section 3 "List field"): each cell's formatter runs in the
// sandbox with args value, row and context ({ env }: the environment's non-secret variables). A failure keeps the raw value and carries the error, so the view
// shows a warning icon and the table never breaks.
import { useEffect, useState } from 'react';
import type { ViewColumn } from '../../../schemas';
import type { RecordModel } from '../../../runtime/client/records';
import type { RunScript } from '../../form/scripts';

export type FormattedCell = { ok: true; value: unknown } | { ok: false; error: string };

export const cellKey = (uuid: string, column: string): string => `${uuid}\u0000${column}`;

/** `env` null: not known yet, so nothing runs (the cells show their raw values meanwhile). */
export function useFormattedCells(
  columns: readonly ViewColumn[],
  items: readonly RecordModel[],
  runScript: RunScript,
  env: Readonly<Record<string, string>> | null = {},
): ReadonlyMap<string, FormattedCell> {
  const [cells, setCells] = useState<ReadonlyMap<string, FormattedCell>>(new Map());
  useEffect(() => {
    const formatted = columns.filter((c) => c.formatter);
    if (formatted.length === 0 || items.length === 0 || env === null) {
      setCells(new Map());
      return;
    }
    let cancelled = false;
    const jobs = items.flatMap((row) =>
      formatted.map(async (column) => {
        let result: FormattedCell;
        try {
          const answer = await runScript({ label: `Formatter of column ${column.key}`, code: column.formatter!, args: { value: row[column.key] ?? null, row, context: { env } } });
          result = answer.ok ? { ok: true, value: answer.value } : { ok: false, error: answer.error };
        } catch (error) {
          result = { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
        return [cellKey(row.uuid, column.key), result] as const;
      }),
    );
    void Promise.all(jobs).then((entries) => {
      if (!cancelled) setCells(new Map(entries));
    });
    return () => {
      cancelled = true;
    };
  }, [columns, items, runScript, env]);
  return cells;
}
