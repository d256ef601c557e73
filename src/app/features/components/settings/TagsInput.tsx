// A list of short texts edited one entry at a time (chips with a remove button, an input and Add;
// Enter adds): the settings' lists of free strings instead of comma-separated text.
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { X } from '../../../../../renderers/ui/icons';
import { FieldErrors } from './controls';

interface Props {
  label: ReactNode;
  /** The new-entry input's name; the list is `${name}` in data-testid="tags-…". */
  name: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  hint?: ReactNode;
  errors?: readonly string[];
  disabled?: boolean;
}

export function TagsInput({ label, name, value, onChange, hint, errors, disabled }: Props) {
  const intl = useIntl();
  const id = useId();
  const [entry, setEntry] = useState('');
  const add = () => {
    const text = entry.trim();
    if (text === '') return;
    if (!value.includes(text)) onChange([...value, text]);
    setEntry('');
  };
  return (
    <div className="field" data-testid={`tags-${name}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {value.length > 0 ? (
        <ul className="chips chip-list">
          {value.map((item) => (
            <li key={item} className="chip">
              {item}
              <button
                type="button"
                className="icon-button"
                disabled={disabled}
                aria-label={intl.formatMessage({ id: 'cmp.fields.opt.removeItem' }, { item })}
                onClick={() => onChange(value.filter((v) => v !== item))}
              >
                <X />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="row">
        <input
          id={id}
          name={name}
          value={entry}
          disabled={disabled}
          placeholder={intl.formatMessage({ id: 'cmp.fields.opt.newItem' })}
          onChange={(e) => setEntry(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-small" disabled={disabled || entry.trim() === ''} onClick={add}>
          <FormattedMessage id="cmp.fields.opt.addItem" />
        </button>
      </div>
      {hint ? <small className="muted">{hint}</small> : null}
      <FieldErrors messages={errors} />
    </div>
  );
}
