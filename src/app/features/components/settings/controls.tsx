// Small labelled inputs for the settings tabs; each shows the 417 messages at its JSON path.
import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Draft } from 'immer';
import type { ComponentModel } from '../../../../../runtime/client/components';
import { NAME_MIN } from '../../../../../runtime/components';
import { LOCALES } from '../../../../../runtime/i18n';
import { FieldErrors as BaseFieldErrors } from '../../../components/FieldErrors';
import { LabelIn } from '../formParts';

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

/** The frame of a labelled control: the label tied to it by id, its hint and its messages. */
function LabelledField({ label, hint, errors, children }: Pick<Base, 'label' | 'hint' | 'errors'> & { children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {hint ? <small className="muted">{hint}</small> : null}
      <FieldErrors messages={errors} />
    </div>
  );
}

export function TextInput({
  label,
  name,
  hint,
  errors,
  disabled,
  value,
  onChange,
  readOnly,
  testId,
  placeholder,
  secret,
}: Base & { value: string; onChange?: (v: string) => void; readOnly?: boolean; placeholder?: string; secret?: boolean }) {
  return (
    <LabelledField label={label} hint={hint} errors={errors}>
      {(id) => (
        <input
          id={id}
          name={name}
          // A secret (a writeOnly setting) is typed unseen and never offered by the browser's autofill.
          {...(secret ? { type: 'password', autoComplete: 'new-password' } : {})}
          value={value}
          readOnly={readOnly}
          disabled={disabled}
          placeholder={placeholder}
          data-testid={testId}
          aria-invalid={errors && errors.length > 0 ? true : undefined}
          onChange={(e) => onChange?.(e.target.value)}
        />
      )}
    </LabelledField>
  );
}

export function NumberInput({ label, name, hint, errors, disabled, value, onChange, min, max, testId }: Base & { value: number | null; onChange: (v: number | null) => void; min?: number; max?: number }) {
  return (
    <LabelledField label={label} hint={hint} errors={errors}>
      {(id) => (
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
      )}
    </LabelledField>
  );
}

/** A field whose label wraps its control (no id needed): the label text, then the control and what follows it. */
export function WrapField({ label, width, children }: { label: ReactNode; width?: 'grow' | 'narrow'; children: ReactNode }) {
  return (
    <label className={width ? `field ${width}` : 'field'}>
      <span className="field-label">{label}</span>
      {children}
    </label>
  );
}

/** A select with a first empty option saying what to do ("Choose…"). */
export function SelectInput({ label, name, hint, errors, disabled, value, options, placeholder, onChange }: Base & { value: string; options: readonly { value: string; label: string }[]; placeholder: string; onChange: (v: string) => void }) {
  return (
    <LabelledField label={label} hint={hint} errors={errors}>
      {(id) => (
        <select id={id} name={name} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/** A text input per locale for a label; `name` is the path the inputs are named under ('label', 'field.label'). */
export function LabelInputs({ name, value, onChange, disabled, hint, errors }: {
  name: string;
  value: Partial<Record<string, string>> | undefined;
  onChange: (locale: string, v: string) => void;
  disabled?: boolean;
  hint?: ReactNode;
  errors?: Record<string, string[]>;
}) {
  return (
    <>
      {LOCALES.map((locale) => (
        <TextInput
          key={locale}
          name={`${name}.${locale}`}
          label={<LabelIn locale={locale} />}
          value={value?.[locale] ?? ''}
          disabled={disabled}
          hint={hint}
          errors={errors?.[`${name}.${locale}`]}
          onChange={(v) => onChange(locale, v)}
        />
      ))}
    </>
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

/** A quiet line of text (a list's "none yet"). */
export function Note({ id, testId }: { id: string; testId?: string }) {
  return (
    <p className="muted" data-testid={testId}>
      <FormattedMessage id={id} />
    </p>
  );
}

/** One item of a settings list (a column, an action, a function, a route): a card titled by its key. */
export function ItemCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <fieldset className="subcard" data-testid={testId}>
      <legend>
        <code>{title}</code>
      </legend>
      {children}
    </fieldset>
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
