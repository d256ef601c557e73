// Headless list controller (spec section 2 "Record list screen"): settings and permissions, the
// compiled columns, presets, filters (search debounced 500 ms, filterOn, date range, show-disabled),
// sorting, paging with ?page and ?preset in the URL (the caller owns the URL), selection, bulk
// actions, exports, quick edit and import. The view only renders what this returns.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { hasPermission } from '../../runtime/permissions/hasPermission';
import { errorDisplay } from '../../runtime/client/errorMessage';
import { exportRecords, type RecordModel } from '../../runtime/client/records';
import { recordListQueryOptions } from '../data/records';
import { downloadBlob, downloadJson } from '../ui/download';
import { environmentStore } from '../ui/prefs';
import { useStore } from '../ui/store';
import { showToast } from '../ui/toast';
import { lazySandbox, type RunScript } from '../form/scripts';
import { visibleColumns } from './list/listLayout';
import { bulkFilter, isFiltered, listParams, PAGE_SIZE, pageCount, queryFilter, type ListFilters } from './list/listState';
import { LIST_LIMITS } from '../../runtime/query/types';
import type { PresetViewer } from './list/presets';
import { useBulkActions } from './list/useBulkActions';
import { useFormattedCells } from './list/useFormattedCells';
import { useScriptEnv } from '../form/scriptEnv';
import { usePresets } from './list/usePresets';
import { useLiveList } from './list/useLiveList';
import { usePresetApplication, useListState, useSearchDebounce, type ListSearchState } from './list/useListState';
import { customEntrypoint, roleUuidsOf, useRecordView } from './useRecordView';

export type { ListSearchState } from './list/useListState';

export interface ListControllerOptions {
  ref: string;
  /** ?page and ?preset, read from the URL by the caller. */
  search: ListSearchState;
  /** Writes ?page and ?preset. */
  onSearchChange: (next: ListSearchState) => void;
  entrypoint?: string | null;
  runScript?: RunScript;
  /** The app the list is drawn in (its uuid): sent as X-App, and the page size defaults to 500. */
  app?: string;
}

/**
 * The page of records for the list's params, once `enabled`. Spec section 8 "List load failure": the
 * table empties, a danger toast, and (unless a 500 opened the report modal) the message in a dialog.
 * Spec section 6: no read permission (`denied`) is a toast, no table.
 */
function useRecordPage(ref: string, params: ReturnType<typeof listParams>, enabled: boolean, denied: boolean, app?: string) {
  const list = useQuery({ ...recordListQueryOptions(ref, params, app), enabled, placeholderData: keepPreviousData });
  const [errorDialog, setErrorDialog] = useState<string | null>(null);
  useEffect(() => {
    if (!list.error) return;
    showToast('unexpectedError', 'danger');
    const shown = errorDisplay(list.error);
    if (shown.kind !== 'reported') setErrorDialog(shown.messageKey);
  }, [list.error, list.errorUpdatedAt]);
  useEffect(() => {
    if (denied) showToast('noPermissionsToRead', 'danger');
  }, [denied]);
  const items: RecordModel[] = useMemo(() => (list.error ? [] : (list.data?.items ?? [])), [list.error, list.data]);
  const total = list.error ? 0 : (list.data?.total ?? 0);
  return { list, items, total, errorDialog, closeErrorDialog: () => setErrorDialog(null) };
}

/** Every matching record as CSV or JSON, named after the component when the server gives no name. */
function useExportAll(ref: string, filters: ListFilters, showDisabled: boolean, componentId: string) {
  return useCallback(
    async (format: 'csv' | 'json') => {
      try {
        const { blob, filename } = await exportRecords(ref, format, queryFilter(filters, showDisabled));
        downloadBlob(blob, filename === `export.${format}` ? `${componentId}.${format}` : filename);
      } catch (error) {
        if (errorDisplay(error).kind !== 'reported') showToast('somethingWrong', 'warning');
      }
    },
    [ref, filters, showDisabled, componentId],
  );
}

/** Changes by others since the page loaded; an empty page has no rows to jump under the cursor, so they show at once. */
function useLive(ref: string, componentRef: string, env: string, ready: boolean, pageEmpty: boolean) {
  const live = useLiveList({ ref, componentRef, env, enabled: ready });
  const { count: liveCount, show: showLive } = live;
  useEffect(() => {
    if (pageEmpty && liveCount > 0) void showLive();
  }, [pageEmpty, liveCount, showLive]);
  return live;
}

export function useListController({ ref, search, onSearchChange, entrypoint, runScript = lazySandbox, app }: ListControllerOptions) {
  const env = useStore(environmentStore);
  const loaded = useRecordView(ref, 'model_edit');
  const model = loaded.settings.data;
  const perms = loaded.permissions.data;
  const componentRef = model?.ref ?? ref;
  const canRead = perms ? hasPermission(perms, 'read', componentRef) : false;
  const viewer = useMemo<PresetViewer | null>(() => (perms ? { isAdmin: perms.is_admin, roles: roleUuidsOf(perms), env } : null), [perms, env]);
  const presets = usePresets({ ref, model, viewer, urlPreset: search.preset });
  const state = useListState(search, onSearchChange, app ? LIST_LIMITS.appPageSize : PAGE_SIZE);
  const preset = usePresetApplication({ state, presets, model, viewer, search, onSearchChange });
  useSearchDebounce(state);
  const { filters, page, showDisabled, layout } = state;
  const [quickEdit, setQuickEdit] = useState<string | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const params = useMemo(() => listParams(filters, page, showDisabled), [filters, page, showDisabled]);
  const ready = Boolean(model && loaded.view && perms && canRead);
  const denied = Boolean(model && perms && !canRead);
  const { list, items, total, errorDialog, closeErrorDialog } = useRecordPage(ref, params, ready && preset.started, denied, app);
  const allColumns = useMemo(() => loaded.view?.columns ?? [], [loaded.view]);
  const columns = useMemo(() => visibleColumns(allColumns, layout), [allColumns, layout]);
  const scriptEnv = useScriptEnv(allColumns.some((column) => column.formatter));
  const cells = useFormattedCells(allColumns, items, runScript, scriptEnv.ready ? scriptEnv.env : null);
  const currentFilter = useMemo(() => bulkFilter(filters, showDisabled), [filters, showDisabled]);
  const bulk = useBulkActions({ ref, topicRef: componentRef, selection: state.selection, allMatching: state.allMatching, filter: currentFilter, onDone: state.clearSelection });
  const componentId = model?.uuid ?? ref;
  const exportAll = useExportAll(ref, filters, showDisabled, componentId);
  const live = useLive(ref, componentRef, env, ready, list.isSuccess && !list.isFetching && items.length === 0);

  const status = loaded.error ? 'error' : denied ? 'denied' : !model || !loaded.view || !perms ? 'loading' : 'ready';
  // reset is the presets' alone; toggleAll selects the page's items.
  const { reset: _reset, toggleAll, ...stateCalls } = state;
  return {
    status: status as 'error' | 'denied' | 'loading' | 'ready',
    error: loaded.error,
    /** The route's ref: the key of every cached query of this screen. */
    ref,
    component: model ?? null,
    componentRef,
    view: loaded.view,
    entrypoint: customEntrypoint(entrypoint, model?.settings.appearance?.list_entrypoint),
    may: { ...loaded.may, read: canRead, isAdmin: perms?.is_admin ?? false },
    disableSwitch: loaded.view?.model.disable ?? false,
    /** Every compiled column (the column chooser's), and the shown ones in the layout's order. */
    allColumns,
    columns,
    items,
    cells,
    total,
    loading: list.isPending || list.isFetching,
    pages: pageCount(total, filters.perPage),
    /** Whether a search or filter narrows the list: an empty list then says nothing matches. */
    filtered: isFiltered(filters, showDisabled),
    ...stateCalls,
    toggleAll: () => toggleAll(items),
    bulk,
    presets,
    ...preset.actions,
    exportPage: () => downloadJson(items, `${componentId}.json`),
    exportAll,
    quickEdit,
    openQuickEdit: setQuickEdit,
    closeQuickEdit: () => setQuickEdit(null),
    importOpen,
    openImport: () => setImportOpen(true),
    closeImport: () => setImportOpen(false),
    errorDialog,
    closeErrorDialog,
    locale: loaded.locale,
    runScript,
    /** Changes by others since the page loaded (the banner), and the bus's connection. */
    live,
  };
}

export type ListController = ReturnType<typeof useListController>;
