// The import wizard's steps other than the mapping (ImportMapStep.tsx): the file input, the drop
// area of step 1, the progress of step 4, the result, and the bad rows of a 417 answer. Each renders
// what the machine holds (machines/recordImport.machine.ts) and sends what the user does.
import { useState, type DragEvent } from 'react';
import type { FieldError } from '../../../../../runtime/api/contract';
import type { ImportResult } from '../../../../../runtime/api/import';
import type { ViewSchema } from '../../../../../schemas/viewSchema.schema';
import { Message, useMessage } from '../../../../../renderers/ui/Message';
import { badRows } from './importModel';

const ACCEPT = '.csv,.json,text/csv,application/json';

/** Picks a file (step 1, and the other or fixed file of the later steps). */
export type PickFile = (file: File) => void;

export function FileInput({ onPick }: { onPick: PickFile }) {
  const t = useMessage();
  return (
    <input
      type="file"
      data-testid="import-file"
      accept={ACCEPT}
      aria-label={t('import.chooseFile')}
      onChange={(event) => {
        const picked = event.currentTarget.files?.[0];
        // Emptied, so picking the same (fixed) file again is a change.
        event.currentTarget.value = '';
        if (picked) onPick(picked);
      }}
    />
  );
}

export function FileStep({ onPick }: { onPick: PickFile }) {
  const t = useMessage();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer?.files?.[0];
    if (dropped) onPick(dropped);
  };
  return (
    <section
      className={`import-drop${dragging ? ' import-drop-active' : ''}`}
      data-testid="import-drop"
      style={{ border: `2px dashed ${dragging ? 'currentColor' : 'rgba(127, 127, 127, 0.5)'}`, borderRadius: 8, padding: '2rem', textAlign: 'center' }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p>{t('import.dropHere')}</p>
      <FileInput onPick={onPick} />
    </section>
  );
}

export function RunStep({ uploaded, total, importing }: { uploaded: number; total: number; importing: boolean }) {
  const t = useMessage();
  return (
    <section aria-live="polite">
      <progress data-testid="import-progress" max={importing ? undefined : Math.max(total, 1)} value={importing ? undefined : uploaded} />
      <p>{importing ? t('import.importing') : t('import.uploading', { percent: Math.round((uploaded / Math.max(total, 1)) * 100) })}</p>
    </section>
  );
}

export function ResultStep({ result }: { result: ImportResult }) {
  const t = useMessage();
  return (
    <dl className="import-result" data-testid="import-result">
      <dt>{t('import.created')}</dt>
      <dd data-testid="import-created">{result.created}</dd>
      <dt>{t('import.updated')}</dt>
      <dd data-testid="import-updated">{result.updated}</dd>
      <dt>{t('import.total')}</dt>
      <dd>{result.total}</dd>
    </dl>
  );
}

/** Every bad row of a 417 answer with its translated messages, and the input for the fixed file. */
export function ErrorsStep({ errors, view, onPick }: { errors: readonly FieldError[]; view: ViewSchema; onPick: PickFile }) {
  const t = useMessage();
  const rows = badRows(errors);
  const labelOf = (key: string) => (key === 'uuid' ? 'UUID' : (view.fields.find((field) => field.key === key)?.label ?? key));
  return (
    <>
      <p>{t('import.errors.intro', { rows: rows.length })}</p>
      <div className="table-card import-errors">
        <table className="table" data-testid="import-errors">
          <thead>
            <tr>
              <th>{t('import.errors.row')}</th>
              <th>{t('import.field')}</th>
              <th>{t('import.errors.messages')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.flatMap((bad) =>
              bad.fields.map((field, index) => (
                <tr key={`${bad.row ?? '-'}-${field.key}`} data-row={bad.row ?? ''}>
                  {index === 0 ? <td rowSpan={bad.fields.length}>{bad.row ?? '—'}</td> : null}
                  <td>{labelOf(field.key.split('.')[0]!)}</td>
                  <td>
                    {field.messages.map((message, m) => (
                      <div key={m}>
                        <Message value={message.key} values={message.values} />
                      </div>
                    ))}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      <p>
        {t('import.tryAgain')} <FileInput onPick={onPick} />
      </p>
    </>
  );
}
