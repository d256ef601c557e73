// The column chooser (show, hide and order the columns) and the row density switch. Both change the
// list's layout, which a preset keeps when it is saved or updated.
import { ArrowDown, ArrowUp, Columns3, Rows3, Rows4 } from '../../ui/icons';
import { Button, Dialog, DialogTrigger, Popover, ToggleButton, ToggleButtonGroup, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { ListController } from '../useListController';
import { moveColumn, orderedColumns, toggleColumn, type Density } from './listLayout';

export function ColumnChooser({ ctl }: { ctl: ListController }) {
  const intl = useIntl();
  const { layout, allColumns } = ctl;
  const ordered = orderedColumns(allColumns, layout);
  const shown = ordered.filter((c) => !layout.hidden.includes(c.key)).length;
  const label = intl.formatMessage({ id: 'records.list.columns' });
  return (
    <DialogTrigger>
      <Button className="button button-small list-columns-button" data-testid="list-columns">
        <Columns3 aria-hidden="true" />
        {label}
        <span className="list-columns-count">
          {shown}/{ordered.length}
        </span>
      </Button>
      <Popover className="list-popover" placement="bottom end">
        <Dialog className="list-columns-dialog" aria-label={label} data-testid="column-chooser">
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
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

export function DensitySwitch({ ctl }: { ctl: ListController }) {
  const intl = useIntl();
  const { layout } = ctl;
  const option = (id: Density, icon: React.ReactElement) => {
    const label = intl.formatMessage({ id: `records.list.${id}` });
    return (
      <TooltipTrigger delay={400}>
        <ToggleButton id={id} className="icon-button list-density-option" aria-label={label} data-testid={`density-${id}`}>
          {icon}
        </ToggleButton>
        <Tooltip className="list-tooltip" offset={6}>
          {label}
        </Tooltip>
      </TooltipTrigger>
    );
  };
  return (
    <ToggleButtonGroup
      className="list-density"
      aria-label={intl.formatMessage({ id: 'records.list.density' })}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[layout.density]}
      onSelectionChange={(keys) => {
        const next = [...keys][0] as Density | undefined;
        if (next && next !== layout.density) ctl.setLayout({ ...layout, density: next });
      }}
    >
      {option('compact', <Rows4 aria-hidden="true" />)}
      {option('comfortable', <Rows3 aria-hidden="true" />)}
    </ToggleButtonGroup>
  );
}
