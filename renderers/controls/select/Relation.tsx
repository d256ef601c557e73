// select/relation (spec sections 2, 3, 4, 7 and 8): the related records of another component.
// Labels from 'uuid', a field key or a double-brace template (none set: the related component's first
// text field); the chosen values loaded with $in; search on the searchOn fields (else the label's)
// with a case-insensitive $regex (the locale path for i18n fields), debounced; pages of 10 added on
// scroll or 'More'; Create and Edit open quick-create and quick-edit dialogs by
// permission, and their created, edited and removed events update the value and `{key}_RefObj`.
// States: loading, then ready or no-permissions (a 403 shows 'noPermissionsToInteract'). A failed
// fetch adds identityField.relationshipModelsFetchingFailed to the messages under the field.
import { QueryClientContext } from '@tanstack/react-query';
import { ChevronDown, X } from '../../ui/icons';
import { lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Button, ComboBox, ComboBoxStateContext, Input, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { RolePermissions } from '../../../runtime/api/contract';
import { relationDisplay, relationDisplayFor, type RelationDisplay } from '../../../runtime/compile/selectData';
import type { FieldMessage } from '../../../runtime/validation';
import type { RecordModel } from '../../../runtime/client/records';
import { FormContext } from '../../form/FormContext';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { asList, asText } from '../shared/values';
import { foreignInfo, loadForeign, loadPage, loadPermissions, statusOf, type ForeignInfo } from './relation/api';
import { relationLabel, UNKNOWN_VALUE } from './relation/label';
import { failPage, loadingPage, nextPage, receivePage, startPaging, type PagingState } from './relation/paging';
import { relationButtons } from './relation/permissions';
import { initialParams, pageParams, RELATION_PAGE_SIZE, searchFilter } from './relation/query';

const RelationDialog = lazy(() => import('./relation/RelationDialog'));

export const REF_OBJ_SUFFIX = '_RefObj';
export const RELATION_SEARCH_DEBOUNCE_MS = 300;
const FETCH_FAILED: FieldMessage = { key: 'identityField.relationshipModelsFetchingFailed' };

type Status = 'loading' | 'ready' | 'noPermissions';
type DialogState = { mode: 'create' } | { mode: 'edit'; uuid: string } | null;
type Row = Record<string, unknown> & { uuid?: unknown };
type RowItem = { id: string; row: Row };

export function RelationSelectControl(props: ControlProps) {
  if (!props.field.relation) {
    // A relation without a foreign component or key pair: nothing to choose from.
    return (
      <FieldFrame props={props}>
        <input id={props.id} name={props.field.key} value={asList(props.value).map(asText).join(', ')} readOnly data-testid="relation-select" />
      </FieldFrame>
    );
  }
  return <RelationSelect {...props} />;
}

/** The foreign key value of a related record. */
function keyOf(record: Row, keyField: string): string | number | null {
  const value = keyField === 'uuid' ? record.uuid : record[keyField];
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : null;
}

function RelationSelect(props: ControlProps) {
  const { field, value, onChange, readOnly, locale, id } = props;
  const relation = field.relation!;
  const intl = useIntl();
  const queryClient = useContext(QueryClientContext);
  const form = useContext(FormContext);
  const given = useMemo<RelationDisplay>(() => (field.options.customData.relation as RelationDisplay | undefined) ?? relationDisplay(null), [field]);
  const keyField = relation.key[1];
  const many = relation.type === 'one-to-many' || field.options.multiple;
  const companionKey = `${field.key}${REF_OBJ_SUFFIX}`;

  // The companion {key}_RefObj in the form store (seeded from the loaded record).
  const store = form?.store;
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(companionKey, listener) : () => undefined), [store, companionKey]);
  const companion = useSyncExternalStore(subscribe, () => store?.value(companionKey), () => store?.value(companionKey));
  const setCompanion = useCallback((next: unknown) => store?.set(companionKey, next), [store, companionKey]);

  const chosen = useMemo(() => asList(value).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number'), [value]);
  const chosenKey = chosen.map(asText).join('\u0000');

  const [known, setKnown] = useState<Record<string, Row>>({});
  const remember = useCallback((rows: readonly Row[]) => {
    const additions = rows.flatMap((row) => {
      const key = keyOf(row, keyField);
      return key === null ? [] : [[asText(key), row] as const];
    });
    if (additions.length > 0) setKnown((prev) => ({ ...prev, ...Object.fromEntries(additions) }));
  }, [keyField]);
  // Rows the record brought along in its _RefObj.
  useEffect(() => {
    if (Array.isArray(companion)) remember(companion.filter((row): row is Row => !!row && typeof row === 'object'));
    else if (companion && typeof companion === 'object') remember([companion as Row]);
  }, [companion, remember]);

  const [status, setStatus] = useState<Status>('loading');
  const [fetchFailed, setFetchFailed] = useState(false);
  const [info, setInfo] = useState<ForeignInfo | null>(null);
  const [permissions, setPermissions] = useState<RolePermissions | null>(null);
  const failed = useCallback((error: unknown) => {
    setFetchFailed(true);
    if (statusOf(error) === 403) setStatus('noPermissions');
  }, []);

  // The caller's permissions and the foreign component (ref, uuid, i18n fields).
  useEffect(() => {
    let live = true;
    void loadForeign(queryClient, relation.foreign).then((model) => live && setInfo(foreignInfo(relation.foreign, model)));
    loadPermissions(queryClient).then(
      (answer) => live && setPermissions(answer),
      () => live && setPermissions(null),
    );
    return () => {
      live = false;
    };
  }, [queryClient, relation.foreign]);

  // The initial load: chosen values not known yet, with $in on the foreign key.
  const requested = useRef(new Set<string>());
  const [resolved, setResolved] = useState<Set<string>>(new Set());
  useEffect(() => {
    const missing = chosen.filter((v) => !known[asText(v)] && !requested.current.has(asText(v)));
    if (missing.length === 0) return;
    missing.forEach((v) => requested.current.add(asText(v)));
    const controller = new AbortController();
    loadPage(relation.foreign, initialParams(keyField, missing), controller.signal).then(
      (answer) => {
        remember(answer.items as Row[]);
        setResolved((prev) => new Set([...prev, ...missing.map(asText)]));
        setStatus((prev) => (prev === 'loading' ? 'ready' : prev));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        missing.forEach((v) => requested.current.delete(asText(v)));
        failed(error);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenKey, relation.foreign, keyField]);

  // Search and paging.
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    if (text === keyword) return;
    const timer = setTimeout(() => setKeyword(text), RELATION_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, keyword]);
  const [paging, setPaging] = useState<PagingState<Row>>(() => startPaging(''));
  const pagingRef = useRef(paging);
  pagingRef.current = paging;
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => () => controllers.current.forEach((c) => c.abort()), []);
  const i18nKeys = info?.i18nKeys;
  // Without a label of the admin's, the foreign component's first text field (uuid until it is known).
  const display = useMemo(() => relationDisplayFor(given, info?.fields ?? null), [given, info]);

  const fetchPage = useCallback(
    (word: string, page: number) => {
      const controller = new AbortController();
      controllers.current.add(controller);
      const filter = searchFilter(display.searchOn, word, i18nKeys ?? new Set(), locale);
      loadPage(relation.foreign, pageParams(page, filter), controller.signal)
        .then(
          (answer) => {
            remember(answer.items as Row[]);
            setPaging((prev) => receivePage(prev, word, page, { items: answer.items as Row[], total: answer.total }, RELATION_PAGE_SIZE));
            setFetchFailed(false);
            setStatus((prev) => (prev === 'loading' ? 'ready' : prev));
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setPaging((prev) => failPage(prev, word));
            setStatus((prev) => (prev === 'loading' && statusOf(error) !== 403 ? 'ready' : prev));
            failed(error);
          },
        )
        .finally(() => controllers.current.delete(controller));
    },
    [display.searchOn, i18nKeys, locale, relation.foreign, remember, failed],
  );

  // A new keyword (or the foreign fields once known) starts the list over from page 0.
  useEffect(() => {
    if (!i18nKeys) return;
    controllers.current.forEach((c) => c.abort());
    controllers.current.clear();
    setPaging(startPaging(keyword));
    fetchPage(keyword, 0);
  }, [keyword, i18nKeys, fetchPage]);

  const loadMore = useCallback(() => {
    const page = nextPage(pagingRef.current);
    if (page === null) return;
    setPaging((prev) => loadingPage(prev));
    fetchPage(pagingRef.current.keyword, page);
  }, [fetchPage]);

  const labelOf = (v: string | number) => {
    const row = known[asText(v)];
    if (row) return relationLabel(display.label, row, locale);
    return resolved.has(asText(v)) || status === 'noPermissions' || fetchFailed ? UNKNOWN_VALUE : intl.formatMessage({ id: 'common.loading' });
  };
  const isChosen = (row: Row) => {
    const key = keyOf(row, keyField);
    return key !== null && chosen.some((v) => asText(v) === asText(key));
  };

  const companionFor = (values: (string | number)[], extra: Row[] = []): unknown => {
    const byKey = (v: string | number) => extra.find((row) => asText(keyOf(row, keyField)) === asText(v)) ?? known[asText(v)] ?? null;
    return many ? values.map(byKey).filter((row): row is Row => row !== null) : values.length > 0 ? byKey(values[0]!) : null;
  };
  const commit = (values: (string | number)[], extra: Row[] = []) => {
    setCompanion(companionFor(values, extra));
    onChange(many ? values : (values[0] ?? null));
  };

  const pick = (row: Row) => {
    const key = keyOf(row, keyField);
    if (key === null || readOnly) return;
    if (!many) return commit([key], [row]);
    const next = isChosen(row) ? chosen.filter((v) => asText(v) !== asText(key)) : [...chosen, key];
    commit(next, [row]);
  };
  const unpick = (v: string | number) => commit(chosen.filter((c) => asText(c) !== asText(v)));

  // Create and Edit, by permission; the dialogs need the query client of the app.
  const single = !many && chosen.length === 1 ? known[asText(chosen[0]!)] : undefined;
  const singleUuid = typeof single?.uuid === 'string' ? single.uuid : null;
  const buttons = relationButtons({
    subject: permissions,
    refs: info?.refs ?? [relation.foreign],
    type: relation.type,
    chosen: singleUuid !== null,
    readOnly: readOnly || status === 'noPermissions' || !queryClient,
  });
  const [dialog, setDialog] = useState<DialogState>(null);

  const onCreated = (row: Row) => {
    remember([row]);
    const key = keyOf(row, keyField);
    setDialog(null);
    if (key === null) return;
    commit(many ? [...chosen.filter((v) => asText(v) !== asText(key)), key] : [key], [row]);
    setPaging(startPaging(keyword));
    fetchPage(keyword, 0);
  };
  const onEdited = (row: Row) => {
    remember([row]);
    setDialog(null);
    const key = keyOf(row, keyField);
    if (key === null) return;
    commit([key], [row]);
    setPaging(startPaging(keyword));
    fetchPage(keyword, 0);
  };
  const onRemoved = () => {
    setDialog(null);
    setCompanion(many ? [] : null);
    onChange(many ? [] : null);
    setPaging(startPaging(keyword));
    fetchPage(keyword, 0);
  };

  const errors = fetchFailed && !props.errors.some((e) => e.key === FETCH_FAILED.key) ? [...props.errors, FETCH_FAILED] : props.errors;
  const frameProps = { ...props, errors };
  // The list opens on focus, click and typing (besides the arrow keys and the button); the opening is
  // the select's own ('manual' to the ComboBox) so a kept search text never reopens it after a pick.
  const opener = useRef(() => undefined as void);

  // The rows the list shows, by foreign key (a row without one cannot be chosen).
  const rows: RowItem[] = paging.items.flatMap((row) => {
    const key = keyOf(row, keyField);
    return key === null ? [] : [{ id: asText(key), row }];
  });
  const rowOf = (key: Key) => rows.find((r) => r.id === String(key))?.row;
  // The ComboBox reports the whole selection: the one key that came or went is the pick.
  const onSelection = (next: Key | null | Key[]) => {
    if (readOnly) return;
    if (!Array.isArray(next)) {
      const row = next === null ? undefined : rowOf(next);
      if (row && !isChosen(row)) pick(row);
      return;
    }
    const now = new Set(next.map(String));
    const before = new Set(chosen.map(asText));
    const added = next.find((k) => !before.has(String(k)));
    const removed = chosen.find((v) => !now.has(asText(v)));
    const row = added !== undefined ? rowOf(added) : undefined;
    if (row) pick(row);
    else if (removed !== undefined) unpick(removed);
  };

  return (
    <FieldFrame props={frameProps}>
      <div className="relation-select" data-testid="relation-select" data-state={status}>
        {chosen.length > 0 ? (
          <ul className="relation-chosen" aria-label={intl.formatMessage({ id: 'selects.chosen' })}>
            {chosen.map((v) => {
              const label = labelOf(v);
              return (
                <li key={asText(v)} className="relation-chip" data-testid="relation-chosen" data-value={asText(v)}>
                  <span>{label}</span>
                  {readOnly ? null : (
                    <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'selects.removeChoice' }, { label })} onClick={() => unpick(v)}>
                      <X size={14} aria-hidden="true" />
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
        {status === 'noPermissions' ? (
          <p className="alert alert-warning" role="alert" data-testid="relation-no-permissions">
            {intl.formatMessage({ id: 'noPermissionsToInteract' })}
          </p>
        ) : (
          <div className="relation-row">
            <ComboBox
              className="relation-combo"
              aria-labelledby={`${id}-label`}
              items={rows}
              selectionMode={many ? 'multiple' : 'single'}
              value={many ? chosen.map(asText) : chosen.length > 0 ? asText(chosen[0]!) : null}
              onChange={onSelection}
              inputValue={text}
              onInputChange={(next) => {
                setText(next);
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
                  aria-busy={status === 'loading' || paging.loading}
                  placeholder={field.options.placeholder || intl.formatMessage({ id: 'selects.search' })}
                  {...inputAria(frameProps)}
                />
                <Button className="combo-button" aria-label={field.label || field.key}>
                  <ChevronDown size={16} aria-hidden="true" />
                </Button>
              </div>
              <Popover className="select-popover relation-dropdown" placement="bottom start">
                <ListBox
                  className="relation-options"
                  aria-label={field.label || field.key}
                  onScroll={(e) => {
                    const el = e.currentTarget;
                    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) loadMore();
                  }}
                  renderEmptyState={() => <p className="muted select-empty">{intl.formatMessage({ id: paging.loading ? 'common.loading' : 'selects.noResults' })}</p>}
                >
                  {(item) => {
                    const { id: key, row } = item as RowItem;
                    const label = relationLabel(display.label, row, locale);
                    return (
                      <ListBoxItem id={key} textValue={label} className="select-option" data-testid="relation-option" data-value={key}>
                        {label}
                      </ListBoxItem>
                    );
                  }}
                </ListBox>
                {paging.loading && rows.length > 0 ? <p className="muted select-empty">{intl.formatMessage({ id: 'common.loading' })}</p> : null}
                {!paging.done && !paging.loading ? (
                  <button type="button" className="button button-small" data-testid="relation-more" onMouseDown={(e) => e.preventDefault()} onClick={loadMore}>
                    {intl.formatMessage({ id: 'selects.more' })}
                  </button>
                ) : null}
              </Popover>
            </ComboBox>
            {buttons.create ? (
              <button type="button" className="button" data-testid="relation-create" onClick={() => setDialog({ mode: 'create' })}>
                {intl.formatMessage({ id: 'selects.create' })}
              </button>
            ) : null}
            {buttons.edit && singleUuid ? (
              <button type="button" className="button" data-testid="relation-edit" onClick={() => setDialog({ mode: 'edit', uuid: singleUuid })}>
                {intl.formatMessage({ id: 'common.edit' })}
              </button>
            ) : null}
          </div>
        )}
      </div>
      {dialog ? (
        <Suspense fallback={null}>
          <RelationDialog
            foreign={relation.foreign}
            mode={dialog.mode}
            uuid={dialog.mode === 'edit' ? dialog.uuid : null}
            onClose={() => setDialog(null)}
            onCreated={onCreated}
            onEdited={onEdited}
            onRemoved={onRemoved}
          />
        </Suspense>
      ) : null}
    </FieldFrame>
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

export const relationSelectControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'relation'));

export type { RecordModel };
