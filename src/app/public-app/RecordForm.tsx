// A component's create form on a served public app: one control per field the app may write (the
// site's public fields), sent to the app's own create call; the server's refusals shown under their
// fields. Plain controls by the field's module and type, so the page stays small.
import { useId, useState, type FormEvent } from 'react';
import type { PublicComponent, PublicField } from '../../../runtime/api/public-apps';
import { CallError, publicApi } from './api';
import { t } from './messages';

type Values = Record<string, string | boolean>;

function inputType(field: PublicField): string {
  if (field.module === 'input' && ['email', 'number', 'password'].includes(field.type)) return field.type;
  if (field.module === 'picker' && field.type === 'date') return 'date';
  if (field.module === 'picker' && field.type === 'time') return 'time';
  if (field.module === 'picker' && field.type === 'datetime') return 'datetime-local';
  return 'text';
}

/** The typed value as the record takes it: numbers as numbers, empty left out. */
function dataOf(fields: PublicField[], values: Values): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined || value === '') continue;
    const numeric = field.type === 'number' && typeof value === 'string';
    data[field.key] = numeric ? Number(value) : value;
  }
  return data;
}

function Control({ field, value, onValue, id, invalid }: { field: PublicField; value: string | boolean | undefined; onValue: (value: string | boolean) => void; id: string; invalid: boolean }) {
  const common = { id, name: field.key, required: field.required, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? `${id}-error` : undefined };
  if (field.module === 'checkbox' && field.type === 'bool') return <input type="checkbox" {...common} checked={value === true} onChange={(e) => onValue(e.target.checked)} />;
  if (field.options && field.options.length > 0) {
    return (
      <select {...common} value={String(value ?? '')} onChange={(e) => onValue(e.target.value)}>
        <option value="" />
        {field.options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.module === 'text') return <textarea {...common} rows={4} value={String(value ?? '')} onChange={(e) => onValue(e.target.value)} />;
  return <input type={inputType(field)} {...common} value={String(value ?? '')} onChange={(e) => onValue(e.target.value)} />;
}

export function RecordForm({ component }: { component: PublicComponent }) {
  const id = useId();
  const [values, setValues] = useState<Values>({});
  const [state, setState] = useState<{ pending: boolean; sent: boolean; message: string | null; fields: Record<string, string[]> }>({ pending: false, sent: false, message: null, fields: {} });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ pending: true, sent: false, message: null, fields: {} });
    try {
      await publicApi.create(component.uuid, dataOf(component.fields, values));
      setValues({});
      setState({ pending: false, sent: true, message: null, fields: {} });
    } catch (error) {
      const failure = error instanceof CallError ? error : new CallError(0, 'failed', {});
      setState({ pending: false, sent: false, message: failure.message, fields: failure.fields });
    }
  };
  return (
    <form className="pa-card pa-form" onSubmit={submit} noValidate data-testid="public-form" data-component={component.uuid}>
      <h2>{component.label}</h2>
      {component.fields.map((field) => {
        const errors = state.fields[field.key];
        return (
          <div key={field.key} className={field.module === 'checkbox' ? 'pa-field pa-check' : 'pa-field'}>
            <label htmlFor={`${id}-${field.key}`}>
              {field.name}
              {field.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            <Control field={field} id={`${id}-${field.key}`} invalid={!!errors} value={values[field.key]} onValue={(value) => setValues({ ...values, [field.key]: value })} />
            {errors ? (
              <p className="pa-error" id={`${id}-${field.key}-error`}>
                {errors.map((message) => t(message)).join(' ')}
              </p>
            ) : null}
          </div>
        );
      })}
      {state.message ? (
        <p className="pa-error" role="alert">
          {t(state.message)}
        </p>
      ) : null}
      {state.sent ? (
        <p className="pa-ok" role="status" data-testid="public-form-sent">
          {t('sent')}
        </p>
      ) : null}
      <button type="submit" className="pa-button" disabled={state.pending} data-testid="public-form-submit">
        {state.pending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
