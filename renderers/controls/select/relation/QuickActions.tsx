// Create and Edit beside the relation select, by permission: each opens the related component's form
// in a dialog (loaded on first use) that reports what was created, edited or removed, then closes.
// The buttons sit in the select's row; the dialog (portalled) stays mounted whatever the row shows.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { RecordModel } from '../../../../runtime/client/records';
import { asText } from '../../shared/values';
import { keyOf, type ChosenValue, type Row } from './rows';

const RelationDialog = lazy(() => import('./RelationDialog'));

export type QuickDialog = { mode: 'create' } | { mode: 'edit'; uuid: string };

export interface QuickReports {
  onCreated(record: RecordModel): void;
  onEdited(record: RecordModel): void;
  onRemoved(): void;
}

export function useQuickDialog(foreign: string, reports: QuickReports): { open(dialog: QuickDialog): void; element: ReactNode } {
  const [dialog, setDialog] = useState<QuickDialog | null>(null);
  const closing =
    <T extends unknown[]>(then: (...args: T) => void) =>
    (...args: T) => {
      setDialog(null);
      then(...args);
    };
  const element = dialog ? (
    <Suspense fallback={null}>
      <RelationDialog
        foreign={foreign}
        mode={dialog.mode}
        uuid={dialog.mode === 'edit' ? dialog.uuid : null}
        onClose={() => setDialog(null)}
        onCreated={closing(reports.onCreated)}
        onEdited={closing(reports.onEdited)}
        onRemoved={closing(reports.onRemoved)}
      />
    </Suspense>
  ) : null;
  return { open: setDialog, element };
}

export function QuickButtons({ create, editUuid, open }: { create: boolean; editUuid: string | null; open: (dialog: QuickDialog) => void }) {
  const intl = useIntl();
  return (
    <>
      {create ? (
        <button type="button" className="button" data-testid="relation-create" onClick={() => open({ mode: 'create' })}>
          {intl.formatMessage({ id: 'selects.create' })}
        </button>
      ) : null}
      {editUuid ? (
        <button type="button" className="button" data-testid="relation-edit" onClick={() => open({ mode: 'edit', uuid: editUuid })}>
          {intl.formatMessage({ id: 'common.edit' })}
        </button>
      ) : null}
    </>
  );
}

interface QuickWrites {
  foreign: string;
  many: boolean;
  keyField: string;
  chosen: readonly ChosenValue[];
  remember(rows: readonly Row[]): void;
  commit(values: ChosenValue[], extra: Row[]): void;
  clear(): void;
  /** Starts the list over (it may now show the record differently, or not at all). */
  restart(): void;
}

/** The dialog, with what its reports do: a created record is chosen (added, for many), an edited one
 * becomes the value with its new fields, a removed one empties the value. */
export function useQuickEdits({ foreign, many, keyField, chosen, remember, commit, clear, restart }: QuickWrites) {
  const written = (row: Row, values: (key: ChosenValue) => ChosenValue[]) => {
    remember([row]);
    const key = keyOf(row, keyField);
    if (key === null) return;
    commit(values(key), [row]);
    restart();
  };
  return useQuickDialog(foreign, {
    onCreated: (row) => written(row, (key) => (many ? [...chosen.filter((v) => asText(v) !== asText(key)), key] : [key])),
    onEdited: (row) => written(row, (key) => [key]),
    onRemoved: () => {
      clear();
      restart();
    },
  });
}
