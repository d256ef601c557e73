// Form pieces the media modals share: a labelled input with its rule messages, the metadata
// key/value rows, the expiry field, the messages of a rule, the submit under the rules and the
// modal's two buttons.
import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Plus, Trash2 } from '../../../../renderers/ui/icons';
import { Message } from '../../../../renderers/ui/Message';
import { showToast } from '../../../../renderers/ui/toast';
import type { RuleMessage } from './rules';

/** A submit under the form's rules (spec section 5): the messages show from the first try on (touched);
 * while the rules fail nothing is sent and the toast someFieldsAreNotValid says why. */
export function useRulesSubmit(valid: boolean, send: () => void) {
  const [touched, setTouched] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) {
      showToast('someFieldsAreNotValid', 'danger');
      return;
    }
    send();
  };
  return { touched, setTouched, submit };
}

/** A modal form's buttons: close (or cancel) without saving, and the submit, off while it runs. */
export function ModalActions({ closeLabel, onClose, submitLabel, submitTestId, pending }: { closeLabel: 'common.close' | 'common.cancel'; onClose: () => void; submitLabel: string; submitTestId: string; pending: boolean }) {
  return (
    <div className="modal-actions">
      <button type="button" className="button" onClick={onClose}>
        <FormattedMessage id={closeLabel} />
      </button>
      <button type="submit" className="button button-primary" data-testid={submitTestId} disabled={pending}>
        <FormattedMessage id={submitLabel} />
      </button>
    </div>
  );
}

/** A file's expiry (media.expiresAt): a local date and time, its id also its test id. */
export function ExpiryField({ id, value, onChange, errors, min }: { id: string; value: string; onChange: (value: string) => void; errors: readonly RuleMessage[]; min?: string }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <FormattedMessage id="media.expiresAt" />
      </label>
      <input id={id} type="datetime-local" data-testid={id} min={min} value={value} onChange={(e) => onChange(e.target.value)} />
      <RuleErrors messages={errors} />
    </div>
  );
}

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
