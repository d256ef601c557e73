// Form pieces the media modals share: a labelled input with its rule messages, the metadata
// key/value rows, and the messages of a rule.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Plus, Trash2 } from '../../../../renderers/ui/icons';
import { Message } from '../../../../renderers/ui/Message';
import type { RuleMessage } from './rules';

export function RuleErrors({ messages, id }: { messages: readonly RuleMessage[] | undefined; id?: string }) {
  if (!messages || messages.length === 0) return null;
  return (
    <ul className="field-errors" role="alert" id={id}>
      {messages.map((m, i) => (
        <li key={i}>
          <Message value={m.key} values={m.values} />
        </li>
      ))}
    </ul>
  );
}

export function TextField({
  label,
  errors,
  hint,
  testId,
  ...input
}: { label: ReactNode; errors?: readonly RuleMessage[]; hint?: ReactNode; testId: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const bad = errors && errors.length > 0;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} data-testid={testId} aria-invalid={bad || undefined} aria-describedby={bad ? `${id}-err` : undefined} {...input} />
      {hint ? <span className="hint muted media-hint">{hint}</span> : null}
      <RuleErrors messages={errors} id={`${id}-err`} />
    </div>
  );
}

export interface MetaRow {
  key: string;
  value: string;
}

export function MetadataEditor({ rows, onChange }: { rows: MetaRow[]; onChange: (rows: MetaRow[]) => void }) {
  const t = useIntl();
  const set = (i: number, patch: Partial<MetaRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="field media-metadata" data-testid="media-metadata">
      <legend className="field-label">
        <FormattedMessage id="media.metadata" />
      </legend>
      {rows.map((row, i) => (
        <div className="media-metadata-row" key={i}>
          <input aria-label={t.formatMessage({ id: 'media.metadata.key' })} placeholder={t.formatMessage({ id: 'media.metadata.key' })} value={row.key} data-testid="media-meta-key" onChange={(e) => set(i, { key: e.target.value })} />
          <input aria-label={t.formatMessage({ id: 'media.metadata.value' })} placeholder={t.formatMessage({ id: 'media.metadata.value' })} value={row.value} data-testid="media-meta-value" onChange={(e) => set(i, { value: e.target.value })} />
          <button type="button" className="icon-button" aria-label={t.formatMessage({ id: 'common.remove' })} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <Trash2 aria-hidden="true" />
          </button>
        </div>
      ))}
      <button type="button" className="button button-small" data-testid="media-meta-add" onClick={() => onChange([...rows, { key: '', value: '' }])}>
        <Plus aria-hidden="true" />
        <FormattedMessage id="media.metadata.add" />
      </button>
    </fieldset>
  );
}

export function CheckField({ label, checked, onChange, testId }: { label: ReactNode; checked: boolean; onChange: (on: boolean) => void; testId: string }) {
  const id = useId();
  return (
    <div className="field field-check">
      <input type="checkbox" id={id} data-testid={testId} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
