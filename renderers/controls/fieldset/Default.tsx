// fieldset/default (spec section 2 "Fieldset", section 5): the value is a list of items whose entries
// are the sub-field definitions of custom_data. An Edit button opens a modal with Add and a card per
// item with a trash icon. The item check runs debounced 500 ms (spec section 9) and reports its flag
// to the form (useFieldErrorFlag); the rule set gives invalidFields at the field when any sub-field of
// any item is invalid, and, when required, needs at least one item.
import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { rowMessages, subFieldsOf, validateField, type FieldMessage } from '../../../runtime/validation';
import { LazyDialog } from '../../ui/LazyDialogs';
import { useFieldErrorFlag } from '../../form/errorFlags';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import { keepEnterInside } from '../table/TableParts';
import { SubFieldInputs } from '../table/SubFieldInputs';
import { emptyRow, rowsOf } from '../table/tableState';
import { useDebounced } from '../table/useDebounced';
import { Trash2 } from '../../ui/icons';

export const FIELDSET_CHECK_DEBOUNCE_MS = 500;

/** Each item's messages per sub-field key (the nested rules of runtime/validation/nested.ts). */
export function itemMessages(field: ControlProps['field'], items: readonly unknown[], page: ControlProps['page']): Record<string, FieldMessage[]>[] {
  const subFields = subFieldsOf(field);
  return items.map((item) => rowMessages(subFields, item, { page }, validateField));
}

/** Sub-controls' own errors per item index: kept per item, moved down when an item before is removed. */
function useItemLocalErrors() {
  const [localErrors, setLocalErrors] = useState<Record<number, readonly string[]>>({});
  const setFor = (index: number, keys: readonly string[]) => setLocalErrors((current) => (sameKeys(current[index], keys) ? current : { ...current, [index]: keys }));
  const removeAt = (index: number) =>
    setLocalErrors((current) => {
      const next: Record<number, readonly string[]> = {};
      for (const [key, keys] of Object.entries(current)) {
        const i = Number(key);
        if (i < index) next[i] = keys;
        else if (i > index) next[i - 1] = keys;
      }
      return next;
    });
  return { localErrors, setFor, removeAt };
}

/** The items' messages, checked 500 ms after the last change, and the field's flag on the form. */
function useItemCheck(field: ControlProps['field'], items: readonly unknown[], page: ControlProps['page'], readOnly: boolean, localErrors: Record<number, readonly string[]>) {
  const checked = useDebounced(items, FIELDSET_CHECK_DEBOUNCE_MS);
  const messages = useMemo(() => itemMessages(field, checked, page), [field, checked, page]);
  // The flag goes on after the debounce, and off as soon as the items are valid (a fix never waits).
  const validNow = useMemo(() => itemMessages(field, items, page).every((m) => Object.keys(m).length === 0), [field, items, page]);
  const hasError = (!validNow && messages.some((m) => Object.keys(m).length > 0)) || Object.values(localErrors).some((keys) => keys.length > 0);
  useFieldErrorFlag(field.key, !readOnly && hasError, 'fieldset');
  return messages;
}

type FieldsetItemProps = {
  index: number;
  item: Record<string, unknown>;
  subFields: ReturnType<typeof subFieldsOf>;
  errors: Record<string, FieldMessage[]>;
  invalid: boolean;
  control: Pick<ControlProps, 'id' | 'readOnly' | 'page' | 'locale'>;
  onChange: (item: Record<string, unknown>) => void;
  onRemove: () => void;
  onLocalErrors: (keys: readonly string[]) => void;
};

/** One item's card: its number, a trash icon, and its sub-fields. */
function FieldsetItem({ index, item, subFields, errors, invalid, control, onChange, onRemove, onLocalErrors }: FieldsetItemProps) {
  const intl = useIntl();
  const { id, readOnly, page, locale } = control;
  return (
    <section className={`card fieldset-item${invalid ? ' item-invalid' : ''}`} data-testid="fieldset-item" data-index={index} aria-invalid={invalid || undefined}>
      <header className="fieldset-item-header">
        <strong>
          <FormattedMessage id="records.fieldset.item" values={{ n: index + 1 }} />
        </strong>
        {readOnly ? null : (
          <button type="button" className="button danger" data-testid="fieldset-item-delete" aria-label={intl.formatMessage({ id: 'records.fieldset.removeItem' }, { n: index + 1 })} onClick={onRemove}>
            <Trash2 />
          </button>
        )}
      </header>
      <SubFieldInputs subFields={subFields} row={item} onChange={onChange} errors={errors} idPrefix={`${id}-item-${index}`} readOnly={readOnly} page={page} locale={locale} onLocalErrors={onLocalErrors} />
    </section>
  );
}

export function FieldsetControl(props: ControlProps) {
  const { field, value, onChange, readOnly, page } = props;
  const subFields = useMemo(() => subFieldsOf(field), [field]);
  const items = useMemo(() => rowsOf(value), [value]);
  const [open, setOpen] = useState(false);
  const local = useItemLocalErrors();
  const messages = useItemCheck(field, items, page, readOnly, local.localErrors);

  const setItem = useCallback(
    (index: number, item: Record<string, unknown>) => onChange(items.map((current, i) => (i === index ? item : current))),
    [items, onChange],
  );
  const add = () => onChange([...items, emptyRow(subFields)]);
  const removeAt = (index: number) => {
    onChange(items.filter((_, i) => i !== index));
    local.removeAt(index);
  };

  // Under the field: its own messages; the nested ones are shown inside the item cards.
  const errors = props.errors.filter((m) => !m.path || !m.path.startsWith('items.'));
  return (
    <FieldFrame props={{ ...props, errors }} group>
      <div className="fieldset-field" data-testid="fieldset-field" data-key={field.key}>
        <span className="muted" data-testid="fieldset-count">
          <FormattedMessage id="records.fieldset.count" values={{ count: items.length }} />
        </span>
        <button type="button" className="button" data-testid="fieldset-edit" onClick={() => setOpen(true)}>
          <FormattedMessage id="records.fieldset.edit" />
        </button>
      </div>
      <LazyDialog
        open={open}
        title={field.label || field.key}
        onClose={() => setOpen(false)}
        testId="fieldset-modal"
        wide
        actions={
          <>
            {readOnly ? null : (
              <button type="button" className="button" data-testid="fieldset-add" onClick={add}>
                <FormattedMessage id="records.fieldset.add" />
              </button>
            )}
            <button type="button" className="button button-primary" data-testid="fieldset-close" onClick={() => setOpen(false)}>
              <FormattedMessage id="common.close" />
            </button>
          </>
        }
      >
        <div className="fieldset-items" onKeyDown={keepEnterInside}>
          {items.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="records.fieldset.empty" />
            </p>
          ) : null}
          {items.map((item, index) => {
            const itemErrors = messages[index] ?? {};
            return (
              <FieldsetItem
                key={index}
                index={index}
                item={item}
                subFields={subFields}
                errors={itemErrors}
                invalid={Object.keys(itemErrors).length > 0 || (local.localErrors[index]?.length ?? 0) > 0}
                control={props}
                onChange={(next) => setItem(index, next)}
                onRemove={() => removeAt(index)}
                onLocalErrors={(keys) => local.setFor(index, keys)}
              />
            );
          })}
        </div>
      </LazyDialog>
    </FieldFrame>
  );
}

function sameKeys(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return (a ?? []).length === b.length && b.every((key, i) => a![i] === key);
}

export const fieldsetControlTester = rankWith(RANK.exact, moduleTypeIs('fieldset', 'default'));
