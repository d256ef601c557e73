// The chosen values of a select that searches a server (relation, external) as chips, each with its
// label and (unless read-only) a remove button.
import { useIntl } from 'react-intl';
import { X } from '../../ui/icons';
import { asText } from './values';

type ChosenValue = string | number;

export interface ChosenChipsProps {
  chosen: readonly ChosenValue[];
  labelOf(value: ChosenValue): string;
  readOnly: boolean;
  onRemove(value: ChosenValue): void;
  /** The chips' test id, if any. */
  testId?: string;
}

export function ChosenChips({ chosen, labelOf, readOnly, onRemove, testId }: ChosenChipsProps) {
  const intl = useIntl();
  if (chosen.length === 0) return null;
  return (
    <ul className="relation-chosen" aria-label={intl.formatMessage({ id: 'selects.chosen' })}>
      {chosen.map((v) => {
        const label = labelOf(v);
        return (
          <li key={asText(v)} className="relation-chip" data-testid={testId} data-value={asText(v)}>
            <span>{label}</span>
            {readOnly ? null : (
              <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'selects.removeChoice' }, { label })} onClick={() => onRemove(v)}>
                <X size={14} aria-hidden="true" />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
