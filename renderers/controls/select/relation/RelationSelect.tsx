// The relation select (see ../Relation.tsx): the chosen records as chips, the search box and its
// paged list, Create and Edit. Its parts: useForeign (the related component, permissions),
// useChosenRows (the companion _RefObj, the records known, the $in load), useRelationSearch,
// useRelationPages (the list on useInfiniteQuery), useRelationValue (value and companion together),
// QuickActions (the dialogs) and outcome.ts (loading, ready, no permissions, a failed fetch).
import { useEffect, useReducer } from 'react';
import { useIntl } from 'react-intl';
import type { FieldMessage } from '../../../../runtime/validation';
import type { ControlProps } from '../../../registry/types';
import { FieldFrame } from '../../shared/FieldFrame';
import { asText } from '../../shared/values';
import { ChosenChips } from '../../shared/ChosenChips';
import { relationLabel, UNKNOWN_VALUE } from './label';
import { nextOutcome, START } from './outcome';
import { relationButtons } from './permissions';
import { QuickButtons, useQuickEdits } from './QuickActions';
import { RelationCombo } from './RelationCombo';
import { keyOf, REF_OBJ_SUFFIX, type ChosenValue, type RowItem } from './rows';
import { useChosenLoad, useCompanion, useKnownRows } from './useChosenRows';
import { useForeign, useRelationClient } from './useForeign';
import { useRelationPages } from './useRelationPages';
import { useRelationSearch } from './useRelationSearch';
import { useRelationValue } from './useRelationValue';

const FETCH_FAILED: FieldMessage = { key: 'identityField.relationshipModelsFetchingFailed' };

export function RelationSelect(props: ControlProps) {
  const { field, value, onChange, readOnly, locale } = props;
  const relation = field.relation!;
  const { foreign, type } = relation;
  const keyField = relation.key[1];
  const many = type === 'one-to-many' || field.options.multiple;
  const intl = useIntl();
  const { client, ownClient } = useRelationClient();
  const { info, permissions } = useForeign(client, foreign);
  const [outcome, report] = useReducer(nextOutcome, START);
  const [companion, setCompanion] = useCompanion(`${field.key}${REF_OBJ_SUFFIX}`);
  const { known, remember } = useKnownRows(keyField, companion);
  const selection = useRelationValue({ value, many, keyField, readOnly, known, onChange, setCompanion });
  const { chosen } = selection;
  const resolved = useChosenLoad({ foreign, keyField, chosen, known, remember, report });
  const search = useRelationSearch(field, info, locale);
  const pages = useRelationPages({ client, foreign, filter: search.filter, enabled: info !== null, report });
  useEffect(() => remember(pages.items), [pages.items, remember]);
  const dialog = useQuickEdits({ foreign, many, keyField, chosen, remember, commit: selection.commit, clear: selection.clear, restart: pages.restart });

  const denied = outcome.status === 'noPermissions';
  const labelOf = (v: ChosenValue) => {
    const row = known[asText(v)];
    if (row) return relationLabel(search.label, row, locale);
    return resolved.has(asText(v)) || denied || outcome.fetchFailed ? UNKNOWN_VALUE : intl.formatMessage({ id: 'common.loading' });
  };
  // Create and Edit by permission; the dialogs need the app's query client.
  const single = !many && chosen.length === 1 ? known[asText(chosen[0]!)] : undefined;
  const singleUuid = typeof single?.uuid === 'string' ? single.uuid : null;
  const buttons = relationButtons({ subject: permissions, refs: info?.refs ?? [foreign], type, chosen: singleUuid !== null, readOnly: readOnly || denied || ownClient });
  const errors = outcome.fetchFailed && !props.errors.some((e) => e.key === FETCH_FAILED.key) ? [...props.errors, FETCH_FAILED] : props.errors;
  const frameProps = { ...props, errors };
  const rows: RowItem[] = pages.items.flatMap((row) => {
    const key = keyOf(row, keyField);
    return key === null ? [] : [{ id: asText(key), row }];
  });
  return (
    <FieldFrame props={frameProps}>
      <div className="relation-select" data-testid="relation-select" data-state={outcome.status}>
        <ChosenChips chosen={chosen} labelOf={labelOf} readOnly={readOnly} onRemove={selection.unpick} testId="relation-chosen" />
        {denied ? (
          <p className="alert alert-warning" role="alert" data-testid="relation-no-permissions">
            {intl.formatMessage({ id: 'noPermissionsToInteract' })}
          </p>
        ) : (
          <div className="relation-row">
            <RelationCombo
              frameProps={frameProps}
              many={many}
              chosen={chosen}
              rows={rows}
              label={search.label}
              text={search.text}
              onText={search.setText}
              onSelection={(next) => selection.onSelection(rows, next)}
              busy={outcome.status === 'loading' || pages.loading}
              paging={pages}
            />
            <QuickButtons create={buttons.create} editUuid={buttons.edit ? singleUuid : null} open={dialog.open} />
          </div>
        )}
      </div>
      {dialog.element}
    </FieldFrame>
  );
}
