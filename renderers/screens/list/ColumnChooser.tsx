// The column chooser (show, hide and order the columns) and the row density switch. Both change the
// list's layout, which a preset keeps when it is saved or updated. Own light widgets (PopoverButton,
// Hint, a radio group), not react-aria's: the list loads no overlay code (docs/benchmarks.md).
import { ArrowDown, ArrowUp, Columns3, Rows3, Rows4 } from '../../ui/icons';
import { useRef, type KeyboardEvent, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Hint } from '../../ui/Hint';
import { PopoverButton } from '../../ui/PopoverButton';
import type { ListController } from '../useListController';
import { moveColumn, orderedColumns, toggleColumn, type Density } from './listLayout';

export function ColumnChooser({ ctl }: { ctl: ListController }) {
  const intl = useIntl();
  const { layout, allColumns } = ctl;
  const ordered = orderedColumns(allColumns, layout);
  const shown = ordered.filter((c) => !layout.hidden.includes(c.key)).length;
  const label = intl.formatMessage({ id: 'records.list.columns' });
  return (
    <PopoverButton
      label={label}
      className="button button-small list-columns-button"
      testId="list-columns"
      dialogClassName="list-columns-dialog"
      dialogTestId="column-chooser"
      trigger={
        <>
          <Columns3 aria-hidden="true" />
          {label}
          <span className="list-columns-count">
            {shown}/{ordered.length}
          </span>
        </>
      }
    >
      <p className="muted list-columns-hint">{intl.formatMessage({ id: 'records.list.columnsHint' })}</p>
      <ul className="list-columns-list">
        {ordered.map((c, i) => {
          const visible = !layout.hidden.includes(c.key);
          return (
            <li key={c.key} className="list-columns-item">
              <label className="field-check">
                <input
                  type="checkbox"
                  data-testid={`column-toggle-${c.key}`}
                  checked={visible}
                  disabled={visible && shown <= 1}
                  onChange={() => ctl.setLayout(toggleColumn(layout, allColumns, c.key))}
                />
                {c.label}
              </label>
              <span className="list-columns-move">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={intl.formatMessage({ id: 'records.list.moveUp' }, { label: c.label })}
                  disabled={i === 0}
                  onClick={() => ctl.setLayout(moveColumn(layout, allColumns, c.key, -1))}
                >
                  <ArrowUp aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  data-testid={`column-down-${c.key}`}
                  aria-label={intl.formatMessage({ id: 'records.list.moveDown' }, { label: c.label })}
                  disabled={i === ordered.length - 1}
                  onClick={() => ctl.setLayout(moveColumn(layout, allColumns, c.key, 1))}
                >
                  <ArrowDown aria-hidden="true" />
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </PopoverButton>
  );
}

/**
 * Compact or comfortable rows: a radio group (as react-aria's single-selection toggle group drew it).
 * The chosen one is the group's tab stop; the arrows move between the two, Enter or Space chooses.
 */
export function DensitySwitch({ ctl }: { ctl: ListController }) {
  const intl = useIntl();
  const { layout } = ctl;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const order: Density[] = ['compact', 'comfortable'];
  const choose = (next: Density) => {
    if (next !== layout.density) ctl.setLayout({ ...layout, density: next });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const by = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (by === undefined) return;
    event.preventDefault();
    const at = order.findIndex((id) => refs.current[id] === document.activeElement);
    refs.current[order[(Math.max(at, 0) + by + order.length) % order.length]!]?.focus();
  };
  const option = (id: Density, icon: ReactElement) => {
    const label = intl.formatMessage({ id: `records.list.${id}` });
    const selected = layout.density === id;
    return (
      <Hint key={id} label={label}>
        {(hint) => (
          <button
            {...hint}
            ref={(element) => {
              refs.current[id] = element;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            className="icon-button list-density-option"
            aria-label={label}
            data-testid={`density-${id}`}
            data-selected={selected || undefined}
            onClick={() => choose(id)}
          >
            {icon}
          </button>
        )}
      </Hint>
    );
  };
  return (
    <div className="list-density" role="radiogroup" aria-label={intl.formatMessage({ id: 'records.list.density' })} onKeyDown={onKeyDown}>
      {option('compact', <Rows4 aria-hidden="true" />)}
      {option('comfortable', <Rows3 aria-hidden="true" />)}
    </div>
  );
}
