// The record import wizard (docs/lists.md "Import"; spec sections 3, 5, 7, 8): 1 pick a CSV or JSON
// file (or drop it), 2 preview its first rows (parsed in the browser from the first chunk only),
// 3 map columns to fields (prefilled by key and label, any case or spacing; the columns left out are
// listed) and choose the primary key, 4 run with a progress bar; then the counts, or
// on 417 every bad row with its translated messages and a way to pick the fixed file and try again.
// Import failure (spec section 8): 500 the report modal (opened by the call), 417 fieldsNotValid,
// anything else the server's message.
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import type { FieldError } from '../../../../../runtime/api/contract';
import type { ViewSchema } from '../../../../../schemas/viewSchema.schema';
import { importRecords, type ImportResult } from '../../../api/import';
import { isApiRequestError } from '../../../../../runtime/client/errors';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { Message, useMessage } from '../../../../../renderers/ui/Message';
import { showToast } from '../../../../../renderers/ui/toast';
import { badRows, carryMapping, prefillMapping, readPreview, unmappedColumns, type Preview } from './importModel';

export interface ImportWizardProps {
  componentRef: string;
  view: ViewSchema;
  onClose(): void;
  onImported(result: ImportResult): void;
}

type Phase =
  | { step: 'file' }
  | { step: 'map' }
  | { step: 'run'; uploaded: number; total: number; importing: boolean }
  | { step: 'result'; result: ImportResult }
  | { step: 'errors'; errors: FieldError[] };

const ACCEPT = '.csv,.json,text/csv,application/json';

export function ImportWizard({ componentRef, view, onClose, onImported }: ImportWizardProps) {
  const t = useMessage();
  const [phase, setPhase] = useState<Phase>({ step: 'file' });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [primaryKey, setPrimaryKey] = useState('');
  const [problem, setProblem] = useState<{ message: string; errors: FieldError[] } | null>(null);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const fields = useMemo(() => view.fields.filter((field) => field.visible && field.editable), [view]);
  const keyFields = useMemo(() => fields.filter((field) => !field.hashed), [fields]);
  const labelOf = (key: string) => (key === 'uuid' ? 'UUID' : (view.fields.find((field) => field.key === key)?.label ?? key));

  async function pick(next: File | undefined | null) {
    if (!next) return;
    setProblem(null);
    try {
      const read = await readPreview(next);
      setFile(next);
      setPreview(read);
      setMapping((previous) => (preview ? carryMapping(previous, read.columns, view) : prefillMapping(read.columns, view)));
      setPhase({ step: 'map' });
    } catch {
      setProblem({ message: 'import.previewFailed', errors: [] });
      setPhase({ step: 'file' });
    }
  }

  async function run() {
    if (!file) return;
    setProblem(null);
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ step: 'run', uploaded: 0, total: file.size, importing: false });
    const fieldMap = Object.entries(mapping)
      .filter(([, to]) => to !== '')
      .map(([from, to]) => ({ from, to }));
    try {
      const result = await importRecords({
        ref: componentRef,
        file,
        primaryKey,
        fieldMap,
        signal: controller.signal,
        onUploadProgress: (uploaded, total) => setPhase((current) => (current.step === 'run' ? { ...current, uploaded, total } : current)),
        onUploaded: () => setPhase((current) => (current.step === 'run' ? { ...current, uploaded: current.total, importing: true } : current)),
      });
      setPhase({ step: 'result', result });
      showToast('import.done', 'success', undefined, { created: result.created, updated: result.updated });
      onImported(result);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isApiRequestError(error) && error.status === 417) {
        setPhase({ step: 'errors', errors: error.fieldErrors });
        setProblem({ message: error.messageKey, errors: [] });
        return;
      }
      // 500: the report modal is open already; anything else: the server's message (and its field errors).
      setProblem({
        message: isApiRequestError(error) ? error.messageKey : 'unexpectedError',
        errors: isApiRequestError(error) ? error.fieldErrors : [],
      });
      setPhase({ step: 'map' });
    }
  }

  function close() {
    abort.current?.abort();
    onClose();
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void pick(event.dataTransfer?.files?.[0]);
  };

  const fileInput = (
    <input
      type="file"
      data-testid="import-file"
      accept={ACCEPT}
      aria-label={t('import.chooseFile')}
      onChange={(event) => {
        const picked = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        void pick(picked);
      }}
    />
  );

  const mappedCount = Object.values(mapping).filter((to) => to !== '').length;
  const unmapped = preview ? unmappedColumns(preview.columns, mapping) : [];

  return (
    <Dialog open wide testId="import-wizard" title={t('import.title', { component: view.component.label })} onClose={close}
      actions={
        <>
          {phase.step === 'map' ? (
            <button type="button" className="button button-primary" data-testid="import-run" disabled={!file || mappedCount === 0} onClick={() => void run()}>
              {t('import.run')}
            </button>
          ) : null}
          <button type="button" className="button" data-testid="import-close" onClick={close}>
            {t(phase.step === 'result' ? 'import.done.close' : 'import.close')}
          </button>
        </>
      }
    >
      <ol className="import-steps" aria-label={t('import.steps')}>
        {(['file', 'preview', 'map', 'run'] as const).map((step, index) => {
          const current = phase.step === 'file' ? 0 : phase.step === 'map' ? 1 : 3;
          return (
            <li key={step} aria-current={index === current || (index === 2 && current === 1) ? 'step' : undefined} className={index <= current ? 'done' : undefined}>
              {t(`import.step.${step}`)}
            </li>
          );
        })}
      </ol>

      {problem ? (
        <div className="message message-danger" role="alert" data-testid="import-message">
          <Message value={problem.message} />
          {problem.errors.length > 0 ? (
            <ul className="field-errors">
              {problem.errors.map((error, index) =>
                error.messages.map((message, m) => (
                  <li key={`${index}-${m}`}>
                    {error.field}: <Message value={message} values={error.values?.[m] ?? undefined} />
                  </li>
                )),
              )}
            </ul>
          ) : null}
        </div>
      ) : null}

      {phase.step === 'file' ? (
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
          {fileInput}
        </section>
      ) : null}

      {phase.step === 'map' && preview ? (
        <>
          <p className="muted">
            {file?.name} · {t('import.previewRows', { count: preview.rows.length })}
          </p>
          <div className="table-card import-preview">
            <table className="table" data-testid="import-preview">
              <thead>
                <tr>
                  {preview.columns.map((column, index) => (
                    <th key={index}>{column}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row, r) => (
                  <tr key={r}>
                    {preview.columns.map((_, c) => (
                      <td key={c}>{(row[c] ?? '').length > 80 ? `${row[c]!.slice(0, 80)}…` : row[c]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <h3>{t('import.step.map')}</h3>
          <table className="table" data-testid="import-mapping">
            <thead>
              <tr>
                <th>{t('import.column')}</th>
                <th>{t('import.field')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.columns.map((column) => (
                <tr key={column}>
                  <td>
                    <label htmlFor={`import-map-${column}`}>{column}</label>
                  </td>
                  <td>
                    <select
                      id={`import-map-${column}`}
                      name={`map.${column}`}
                      value={mapping[column] ?? ''}
                      onChange={(event) => {
                        const to = event.currentTarget.value;
                        setMapping((current) => {
                          const next = { ...current };
                          // A field takes one column: the previous column of that field goes unmapped.
                          if (to !== '') for (const [other, key] of Object.entries(next)) if (key === to) next[other] = '';
                          next[column] = to;
                          return next;
                        });
                      }}
                    >
                      <option value="">{t('import.notImported')}</option>
                      {fields.map((field) => (
                        <option key={field.key} value={field.key}>
                          {field.label} ({field.key})
                        </option>
                      ))}
                      <option value="uuid">UUID</option>
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {unmapped.length > 0 ? (
            <div className="import-unmapped" role="status" data-testid="import-unmapped">
              <p>{t('import.unmapped', { count: unmapped.length })}</p>
              <ul>
                {unmapped.map((column) => (
                  <li key={column}>
                    <code>{column}</code>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="import-all-mapped" role="status" data-testid="import-all-mapped">
              {t('import.allMapped')}
            </p>
          )}

          <label className="field">
            <span>{t('import.primaryKey')}</span>
            <select name="primary_key" value={primaryKey} onChange={(event) => setPrimaryKey(event.currentTarget.value)}>
              <option value="">{t('import.primaryKey.none')}</option>
              <option value="uuid">UUID</option>
              {keyFields.map((field) => (
                <option key={field.key} value={field.key}>
                  {field.label} ({field.key})
                </option>
              ))}
            </select>
            <small className="muted">{t('import.primaryKey.help')}</small>
          </label>
          <p className="muted">
            {t('import.otherFile')} {fileInput}
          </p>
        </>
      ) : null}

      {phase.step === 'run' ? (
        <section aria-live="polite">
          <progress
            data-testid="import-progress"
            max={phase.importing ? undefined : Math.max(phase.total, 1)}
            value={phase.importing ? undefined : phase.uploaded}
          />
          <p>{phase.importing ? t('import.importing') : t('import.uploading', { percent: Math.round((phase.uploaded / Math.max(phase.total, 1)) * 100) })}</p>
        </section>
      ) : null}

      {phase.step === 'result' ? (
        <dl className="import-result" data-testid="import-result">
          <dt>{t('import.created')}</dt>
          <dd data-testid="import-created">{phase.result.created}</dd>
          <dt>{t('import.updated')}</dt>
          <dd data-testid="import-updated">{phase.result.updated}</dd>
          <dt>{t('import.total')}</dt>
          <dd>{phase.result.total}</dd>
        </dl>
      ) : null}

      {phase.step === 'errors' ? (
        <>
          <p>{t('import.errors.intro', { rows: badRows(phase.errors).length })}</p>
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
                {badRows(phase.errors).flatMap((bad) =>
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
            {t('import.tryAgain')} {fileInput}
          </p>
        </>
      ) : null}
    </Dialog>
  );
}

export default ImportWizard;
