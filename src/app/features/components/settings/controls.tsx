// Small labelled inputs for the settings tabs; each shows the 417 messages at its JSON path.
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Draft } from 'immer';
import type { ComponentModel } from '../../../../../runtime/client/components';
import { NAME_MIN } from '../../../../../runtime/components';
import { FieldErrors as BaseFieldErrors } from '../../../components/FieldErrors';

/** Values the rule messages use ("Can't be less then {min} characters"). */
export const RULE_VALUES = { min: NAME_MIN } as const;

export function FieldErrors({ messages }: { messages: readonly string[] | undefined }) {
  return <BaseFieldErrors messages={messages} values={RULE_VALUES} />;
}

export interface TabProps {
  model: ComponentModel;
  update: (recipe: (d: Draft<ComponentModel>) => void) => void;
  /** 417 messages by JSON path (the save's answer). */
  errors: Record<string, string[]>;
}

interface Base {
  label: ReactNode;
  name?: string;
  hint?: ReactNode;
  errors?: readonly string[];
  disabled?: boolean;
  testId?: string;
}

export function TextInput({ label, name, hint, errors, disabled, value, onChange, readOnly, testId, placeholder }: Base & { value: string; onChange?: (v: string) => void; readOnly?: boolean; placeholder?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        readOnly={readOnly}
        disabled={disabled}
        placeholder={placeholder}
        data-testid={testId}
        aria-invalid={errors && errors.length > 0 ? true : undefined}
        onChange={(e) => onChange?.(e.target.value)}
      />
      {hint ? <small className="muted">{hint}</small> : null}
      <FieldErrors messages={errors} />
    </div>
  );
}

export function NumberInput({ label, name, hint, errors, disabled, value, onChange, min, max, testId }: Base & { value: number | null; onChange: (v: number | null) => void; min?: number; max?: number }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        name={name}
        min={min}
        max={max}
        value={value ?? ''}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
      {hint ? <small className="muted">{hint}</small> : null}
      <FieldErrors messages={errors} />
    </div>
  );
}

export function Checkbox({ label, name, hint, errors, disabled, checked, onChange, testId }: Base & { checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field field-check">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        data-testid={testId}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <small className="muted check-hint" id={hintId}>
          {hint}
        </small>
      ) : null}
      <FieldErrors messages={errors} />
    </div>
  );
}

/** Later features: the text says what arrives later, so nothing looks broken. */
export function ComesLater({ id }: { id: string }) {
  return (
    <p className="callout callout-info" data-testid="comes-later">
      <FormattedMessage id={id} />
    </p>
  );
}

export function Section({ title, children, actions }: { title: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="card settings-section">
      <div className="section-head">
        <h2 className="card-title">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
