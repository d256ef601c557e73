// The relation select's search box and list (react-aria ComboBox): typed text searches (debounced by
// the select), the list opens on focus, click and typing besides the arrow keys and the button, pages
// more in on scroll or 'More', and the arrows and Enter pick. The opening is the select's own
// ('manual' to the ComboBox) so a kept search text never reopens it after a pick.
import { useContext, useRef } from 'react';
import { Button, ComboBox, ComboBoxStateContext, Input, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { ChevronDown } from '../../../ui/icons';
import type { ControlProps } from '../../../registry/types';
import { inputAria } from '../../shared/FieldFrame';
import { asText } from '../../shared/values';
import { relationLabel } from './label';
import type { ChosenValue, RowItem } from './rows';

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
  const opener = useRef(() => undefined as void);
  const name = field.label || field.key;
  return (
    <ComboBox
      className="relation-combo"
      aria-labelledby={`${id}-label`}
      items={rows}
      selectionMode={many ? 'multiple' : 'single'}
      value={many ? chosen.map(asText) : chosen.length > 0 ? asText(chosen[0]!) : null}
      onChange={onSelection}
      inputValue={text}
      onInputChange={(next) => {
        onText(next);
        opener.current();
      }}
      menuTrigger="manual"
      allowsEmptyCollection
      isReadOnly={readOnly}
      isInvalid={frameProps.errors.length > 0}
    >
      <Opener open={opener} />
      <div className="combo-row">
        <Input
          onFocus={() => !readOnly && opener.current()}
          onClick={() => !readOnly && opener.current()}
          id={id}
          name={field.key}
          data-testid="relation-search"
          autoComplete="off"
          aria-busy={busy}
          placeholder={field.options.placeholder || intl.formatMessage({ id: 'selects.search' })}
          {...inputAria(frameProps)}
        />
        <Button className="combo-button" aria-label={name}>
          <ChevronDown size={16} aria-hidden="true" />
        </Button>
      </div>
      <Popover className="select-popover relation-dropdown" placement="bottom start">
        <ListBox
          className="relation-options"
          aria-label={name}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) paging.loadMore();
          }}
          renderEmptyState={() => <p className="muted select-empty">{intl.formatMessage({ id: paging.loading ? 'common.loading' : 'selects.noResults' })}</p>}
        >
          {(item) => {
            const { id: key, row } = item as RowItem;
            const text = relationLabel(label, row, locale);
            return (
              <ListBoxItem id={key} textValue={text} className="select-option" data-testid="relation-option" data-value={key}>
                {text}
              </ListBoxItem>
            );
          }}
        </ListBox>
        {paging.loading && rows.length > 0 ? <p className="muted select-empty">{intl.formatMessage({ id: 'common.loading' })}</p> : null}
        {!paging.done && !paging.loading ? (
          <button type="button" className="button button-small" data-testid="relation-more" onMouseDown={(e) => e.preventDefault()} onClick={paging.loadMore}>
            {intl.formatMessage({ id: 'selects.more' })}
          </button>
        ) : null}
      </Popover>
    </ComboBox>
  );
}

/** Hands the ComboBox's open() to the select (the state lives inside the ComboBox). */
function Opener({ open }: { open: { current: () => void } }) {
  const state = useContext(ComboBoxStateContext);
  open.current = () => {
    if (state && !state.isOpen) state.open(null, 'manual');
  };
  return null;
}
