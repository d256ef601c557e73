// Pieces the datetime and daterange pickers share: the read-only input that opens the popup and the
// popup's Cancel and Ok (the calendars, with react-aria's, are in Calendars.tsx, loaded on first open).
import type { RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { ControlProps } from '../../../registry/types';
import { inputAria } from '../../shared/FieldFrame';

/** Enter, Arrow Down and Space on the picker's input open its popup. */
function opensPopup(key: string): boolean {
  return key === 'Enter' || key === 'ArrowDown' || key === ' ';
}

interface PickerInputProps {
  props: ControlProps;
  testId: string;
  /** The value as shown. */
  value: string;
  placeholder: string;
  open: boolean;
  inputRef: RefObject<HTMLInputElement>;
  onOpen: () => void;
}

/** The picker's read-only input: it shows the value and, unless read-only, opens the popup on a click or an opening key. */
export function PickerInput({ props, testId, value, placeholder, open, inputRef, onOpen }: PickerInputProps) {
  const { field, id, readOnly } = props;
  return (
    <input
      ref={inputRef}
      id={id}
      name={field.key}
      data-testid={testId}
      value={value}
      placeholder={placeholder}
      readOnly
      aria-haspopup="dialog"
      aria-expanded={open}
      disabled={readOnly}
      {...inputAria(props)}
      onClick={() => !readOnly && onOpen()}
      onKeyDown={(e) => {
        if (readOnly) return;
        if (opensPopup(e.key)) {
          e.preventDefault();
          onOpen();
        }
      }}
    />
  );
}

/** Cancel and Ok; their testids are `<testIdPrefix>-cancel` and `<testIdPrefix>-ok`. */
export function PickerActions({ testIdPrefix, onCancel, onOk, okDisabled }: { testIdPrefix: string; onCancel: () => void; onOk: () => void; okDisabled?: boolean }) {
  const intl = useIntl();
  return (
    <div className="picker-actions">
      <button type="button" className="button button-small" data-testid={`${testIdPrefix}-cancel`} onClick={onCancel}>
        {intl.formatMessage({ id: 'picker.cancel' })}
      </button>
      <button type="button" className="button button-small button-primary" data-testid={`${testIdPrefix}-ok`} disabled={okDisabled} onClick={onOk}>
        {intl.formatMessage({ id: 'picker.ok' })}
      </button>
    </div>
  );
}
