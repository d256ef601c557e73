// The relation select's search box and list (the light ComboInput of renderers/ui): typed text searches
// (debounced by the select), the list opens on focus, click and typing besides the arrow keys and the
// button, pages more in on scroll or 'More', and the arrows and Enter pick (several: the list stays
// open and a pick toggles). The list is the server's answer, not filtered here.
import { useIntl } from 'react-intl';
import { ComboInput } from '../../../ui/ComboInput';
import type { ControlProps } from '../../../registry/types';
import { inputAria } from '../../shared/FieldFrame';
import { asText } from '../../shared/values';
import { relationLabel } from './label';
import type { ChosenValue, RowItem } from './rows';
import type { Key } from './useRelationValue';

export interface RelationComboProps {
  /** The field's props, with the errors the select adds (the frame's). */
  frameProps: ControlProps;
  many: boolean;
  chosen: readonly ChosenValue[];
  rows: RowItem[];
  /** The label template of the related records. */
  label: string;
  text: string;
  onText(text: string): void;
  onSelection(next: Key | null | Key[]): void;
  busy: boolean;
  paging: { loading: boolean; done: boolean; loadMore(): void };
}

export function RelationCombo({ frameProps, many, chosen, rows, label, text, onText, onSelection, busy, paging }: RelationComboProps) {
  const intl = useIntl();
  const { id, field, readOnly, locale } = frameProps;
  const name = field.label || field.key;
  const selected = chosen.map(asText);
  const options = rows.map((item) => ({ id: item.id, label: relationLabel(label, item.row, locale) }));
  const more = (
    <>
      {paging.loading && rows.length > 0 ? <p className="muted select-empty">{intl.formatMessage({ id: 'common.loading' })}</p> : null}
      {!paging.done && !paging.loading ? (
        <button type="button" className="button button-small" data-testid="relation-more" onMouseDown={(e) => e.preventDefault()} onClick={paging.loadMore}>
          {intl.formatMessage({ id: 'selects.more' })}
        </button>
      ) : null}
    </>
  );
  return (
    <div className="relation-combo">
      <ComboInput
        id={id}
        name={field.key}
        labelId={`${id}-label`}
        text={text}
        onText={onText}
        options={options}
        selected={selected}
        multiple={many}
        onPick={(option) => onSelection(many ? (selected.includes(option.id) ? selected.filter((s) => s !== option.id) : [...selected, option.id]) : option.id)}
        readOnly={readOnly}
        buttonLabel={name}
        listLabel={name}
        empty={<p className="muted select-empty">{intl.formatMessage({ id: paging.loading ? 'common.loading' : 'selects.noResults' })}</p>}
        footer={more}
        onListScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) paging.loadMore();
        }}
        popupClassName="select-popover relation-dropdown"
        listClassName="relation-options"
        optionTestId="relation-option"
        inputProps={{
          'data-testid': 'relation-search',
          'aria-busy': busy,
          placeholder: field.options.placeholder || intl.formatMessage({ id: 'selects.search' }),
          ...inputAria(frameProps),
        }}
      />
    </div>
  );
}
