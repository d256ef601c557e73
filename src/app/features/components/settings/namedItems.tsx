// The settings' lists of named items (functions, actions): the form that adds one by name, and each
// item's name row with its remove button. One place, so both lists look and behave alike.
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { FieldErrors } from './controls';

export function NewNameForm(props: {
  label: ReactNode;
  /** The input's name (e2e and dom tests find it by it). */
  inputName: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
  refused: readonly string[];
  maxLength?: number;
}) {
  return (
    <form className="row" onSubmit={props.onSubmit}>
      <label className="field grow">
        <span className="field-label">{props.label}</span>
        <input name={props.inputName} value={props.value} maxLength={props.maxLength} onChange={(e) => props.onChange(e.target.value)} />
        <FieldErrors messages={props.refused} />
      </label>
      <button type="submit" className="button" data-testid={props.testId}>
        <FormattedMessage id="common.add" />
      </button>
    </form>
  );
}

export function ItemNameRow(props: { inputName: string; value: string; onChange: (value: string) => void; messages: readonly string[]; onRemove: () => void }) {
  return (
    <div className="row">
      <label className="field grow">
        <span className="field-label">
          <FormattedMessage id="cmp.name" />
        </span>
        <input name={props.inputName} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
        <FieldErrors messages={props.messages} />
      </label>
      <button type="button" className="button button-ghost danger" onClick={props.onRemove}>
        <FormattedMessage id="common.remove" />
      </button>
    </div>
  );
}
