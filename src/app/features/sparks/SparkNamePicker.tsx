// The project's spark names as buttons that fill a spark name (the workflow spark node's editor).
// A failed list gives the spec's error toast (section 8) and leaves the name typed by hand.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { sparkNamesQueryOptions } from '../../../../renderers/data/sparks';
import { showToast } from '../../../../renderers/ui/toast';

export function SparkNamePicker({ value, onPick, disabled }: { value: unknown; onPick: (name: string) => void; disabled?: boolean }) {
  const names = useQuery(sparkNamesQueryOptions());
  useEffect(() => {
    if (names.isError) showToast('sparkListFailed', 'danger');
  }, [names.isError]);
  if (!names.data) return null;
  return (
    <div className="field" data-testid="spark-name-picker">
      <span className="field-label">
        <FormattedMessage id="sparks.pick" />
      </span>
      {names.data.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="sparks.empty" />
        </p>
      ) : (
        <div className="chips">
          {names.data.map((name) => (
            <button key={name} type="button" className="button button-small" aria-pressed={value === name} disabled={disabled} onClick={() => onPick(name)}>
              {name}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
