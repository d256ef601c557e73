// The Locales sidebar: a multi-select of the locales a multi-language field holds. The default
// locale cannot be taken off.
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { X } from '../../ui/icons';

interface Props {
  offered: readonly string[];
  selected: readonly string[];
  /** The default locale: always selected. */
  required: string;
  onChange: (codes: string[]) => void;
  onClose: () => void;
}

export function LocaleSidebar({ offered, selected, required, onChange, onClose }: Props) {
  const intl = useIntl();
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const name = (code: string) => (intl.messages[`locale.${code}`] ? intl.formatMessage({ id: `locale.${code}` }) : code);
  return (
    <aside className="locale-sidebar" role="dialog" aria-modal="false" aria-labelledby={titleId} data-testid="locale-sidebar">
      <header>
        <h3 id={titleId}>{intl.formatMessage({ id: 'locale.sidebar' })}</h3>
        <button type="button" className="link" data-testid="locale-sidebar-close" onClick={onClose} aria-label={intl.formatMessage({ id: 'locale.close' })}>
          <X />
        </button>
      </header>
      <ul role="listbox" aria-multiselectable="true" aria-labelledby={titleId}>
        {[...new Set([...offered, ...selected])].map((code) => {
          const checked = selected.includes(code);
          return (
            <li key={code} role="option" aria-selected={checked}>
              <label>
                <input
                  type="checkbox"
                  data-testid="locale-option"
                  value={code}
                  checked={checked}
                  disabled={code === required}
                  onChange={() => onChange(checked ? selected.filter((c) => c !== code) : [...selected, code])}
                />
                {name(code)} <small className="muted">{code}</small>
              </label>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
