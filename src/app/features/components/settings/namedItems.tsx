// The settings' lists of named items (functions, actions, routes, list columns): the form that adds one
// by name, each item's name row and its remove button. One place, so the lists look and behave alike.
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { FieldErrors, WrapField } from './controls';

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
  autoCapitalize?: string;
}) {
  return (
    <form className="row" onSubmit={props.onSubmit}>
      <WrapField label={props.label} width="grow">
        <input name={props.inputName} value={props.value} maxLength={props.maxLength} autoCapitalize={props.autoCapitalize} onChange={(e) => props.onChange(e.target.value)} />
        <FieldErrors messages={props.refused} />
      </WrapField>
      <button type="submit" className="button" data-testid={props.testId}>
        <FormattedMessage id="common.add" />
      </button>
    </form>
  );
}

export function RemoveItemButton({ onRemove }: { onRemove: () => void }) {
  return (
    <button type="button" className="button button-ghost danger" onClick={onRemove}>
      <FormattedMessage id="common.remove" />
    </button>
  );
}

export function ItemNameRow(props: { inputName: string; value: string; onChange: (value: string) => void; messages: readonly string[]; onRemove: () => void }) {
  return (
    <div className="row">
      <WrapField label={<FormattedMessage id="cmp.name" />} width="grow">
        <input name={props.inputName} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
        <FieldErrors messages={props.messages} />
      </WrapField>
      <RemoveItemButton onRemove={props.onRemove} />
    </div>
  );
}
