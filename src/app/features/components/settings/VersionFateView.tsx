// The live records' fate in the deploy-to-live confirmation (docs/components.md "The records' fate"):
// how many live records the new version would refuse or lose a value of, per field and rule, and the
// first of them with the rules each breaks. Wraps at 390 px (uuids break anywhere).
import { FormattedMessage, useIntl } from 'react-intl';
import type { FateRule, VersionFate } from '../../../../../runtime/client/components';
import { fateLine } from '../../../../../runtime/components';

export function VersionFatePanel({ fate }: { fate: VersionFate }) {
  const intl = useIntl();
  const rule = (name: FateRule) => intl.formatMessage({ id: `cmp.fate.rule.${name}` });
  const line = fateLine(fate, (key, values) => intl.formatMessage({ id: key }, values));
  const blocked = fate.counts.some((count) => count.rule === 'unique');
  return (
    <div className="version-fate" data-testid="version-fate">
      <p data-testid="fate-line" className={fate.refused + fate.losing > 0 ? 'diff-tightened' : undefined}>
        <strong>{line}</strong>
      </p>
      {blocked ? (
        <p className="diff-tightened" data-testid="fate-unique">
          <FormattedMessage id="cmp.fate.uniqueBlocks" />
        </p>
      ) : null}
      {fate.counts.length > 0 ? (
        <ul className="diff-list" data-testid="fate-counts" aria-label={intl.formatMessage({ id: 'cmp.fate.counts' })}>
          {fate.counts.map((count) => (
            <li key={`${count.field}-${count.rule}`}>
              <FormattedMessage id="cmp.fate.count" values={{ field: <code>{count.field}</code>, rule: rule(count.rule), count: count.count }} />
            </li>
          ))}
        </ul>
      ) : null}
      {fate.first.length > 0 ? (
        <>
          <p className="fate-first-title">
            <FormattedMessage id="cmp.fate.first" />
          </p>
          <ol className="diff-list fate-first" data-testid="fate-first">
            {fate.first.map((record) => (
              <li key={record.uuid}>
                <span className="mono">{record.uuid}</span>: {record.breaks.map((one) => `${one.field} (${rule(one.rule)})`).join(', ')}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {fate.uncounted.length > 0 ? (
        <p className="muted" data-testid="fate-uncounted">
          <FormattedMessage id="cmp.fate.uncounted" values={{ fields: fate.uncounted.join(', ') }} />
        </p>
      ) : null}
    </div>
  );
}
