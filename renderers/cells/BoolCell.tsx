// checkbox/bool: a tick for yes, a cross for no (not a dash, which reads as the empty cell '—'); both
// carry their word for screen readers and in their title.
import { Check, X } from '../ui/icons';
import { useIntl } from 'react-intl';
import type { CellProps } from '../registry/cells';

export function BoolCell({ value }: CellProps) {
  const intl = useIntl();
  if (value === null || value === undefined) return null;
  const yes = value === true || value === 1 || value === 'true';
  const word = intl.formatMessage({ id: yes ? 'common.yes' : 'common.no' });
  return (
    <span className={yes ? 'cell-bool cell-bool-yes' : 'cell-bool cell-bool-no'} role="img" aria-label={word} title={word} data-value={yes ? 'yes' : 'no'}>
      {yes ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
    </span>
  );
}
