// Steps 2 and 3 of the import wizard: the picked file's first rows, the mapping of its columns to
// fields (the columns left out listed plainly), the primary key, and the input for another file.
// The mapping and the key are the machine's (machines/recordImport.machine.ts); this only renders them.
import { useMemo } from 'react';
import type { ColumnMapping, ImportPreview } from '../../../../../machines/recordImport.actors';
import type { RecordImportEvent } from '../../../../../machines/recordImport.machine';
import type { ViewSchema } from '../../../../../schemas/viewSchema.schema';
import { useMessage } from '../../../../../renderers/ui/Message';
import { unmappedColumns } from './importModel';
import { FileInput, type PickFile } from './ImportSteps';

type Field = ViewSchema['fields'][number];
type Send = (event: RecordImportEvent) => void;

/** Cells longer than this are cut in the preview. */
const CELL_CHARS = 80;

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
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
                <td key={c}>{(row[c] ?? '').length > CELL_CHARS ? `${row[c]!.slice(0, CELL_CHARS)}…` : row[c]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MappingTable({ columns, mapping, fields, send }: { columns: string[]; mapping: ColumnMapping; fields: Field[]; send: Send }) {
  const t = useMessage();
  return (
    <table className="table" data-testid="import-mapping">
      <thead>
        <tr>
          <th>{t('import.column')}</th>
          <th>{t('import.field')}</th>
        </tr>
      </thead>
      <tbody>
        {columns.map((column) => (
          <tr key={column}>
            <td>
              <label htmlFor={`import-map-${column}`}>{column}</label>
            </td>
            <td>
              <select id={`import-map-${column}`} name={`map.${column}`} value={mapping[column] ?? ''} onChange={(event) => send({ type: 'MAP', column, to: event.currentTarget.value })}>
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
  );
}

function Unmapped({ columns }: { columns: string[] }) {
  const t = useMessage();
  if (columns.length === 0) {
    return (
      <p className="import-all-mapped" role="status" data-testid="import-all-mapped">
        {t('import.allMapped')}
      </p>
    );
  }
  return (
    <div className="import-unmapped" role="status" data-testid="import-unmapped">
      <p>{t('import.unmapped', { count: columns.length })}</p>
      <ul>
        {columns.map((column) => (
          <li key={column}>
            <code>{column}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PrimaryKeySelect({ value, fields, send }: { value: string; fields: Field[]; send: Send }) {
  const t = useMessage();
  // A hashed field cannot be matched on.
  const keyFields = fields.filter((field) => !field.hashed);
  return (
    <label className="field">
      <span>{t('import.primaryKey')}</span>
      <select name="primary_key" value={value} onChange={(event) => send({ type: 'PRIMARY_KEY', key: event.currentTarget.value })}>
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
  );
}

export interface ImportMapStepProps {
  view: ViewSchema;
  fileName: string | undefined;
  preview: ImportPreview;
  mapping: ColumnMapping;
  primaryKey: string;
  send: Send;
  onPick: PickFile;
}

export function ImportMapStep({ view, fileName, preview, mapping, primaryKey, send, onPick }: ImportMapStepProps) {
  const t = useMessage();
  const fields = useMemo(() => view.fields.filter((field) => field.visible && field.editable), [view]);
  return (
    <>
      <p className="muted">
        {fileName} · {t('import.previewRows', { count: preview.rows.length })}
      </p>
      <PreviewTable preview={preview} />
      <h3>{t('import.step.map')}</h3>
      <MappingTable columns={preview.columns} mapping={mapping} fields={fields} send={send} />
      <Unmapped columns={unmappedColumns(preview.columns, mapping)} />
      <PrimaryKeySelect value={primaryKey} fields={fields} send={send} />
      <p className="muted">
        {t('import.otherFile')} <FileInput onPick={onPick} />
      </p>
    </>
  );
}
