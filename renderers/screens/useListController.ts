// Headless list controller (spec section 2 "Record list screen"): settings and permissions, the
// compiled columns, presets, filters (search debounced 500 ms, filterOn, date range, show-disabled),
// sorting, paging with ?page and ?preset in the URL (the caller owns the URL), selection, bulk
// actions, exports, quick edit and import. The view only renders what this returns.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hasPermission } from '../../runtime/permissions/hasPermission';
import { errorDisplay } from '../../runtime/client/errorMessage';
import { exportRecords, type RecordModel } from '../../runtime/client/records';
import { recordListQueryOptions } from '../data/records';
import { downloadBlob, downloadJson } from '../ui/download';
import { environmentStore } from '../ui/prefs';
import { useStore } from '../ui/store';
import { showToast } from '../ui/toast';
import { lazySandbox, type RunScript } from '../form/scripts';
import { EMPTY_LAYOUT, layoutFromPreset, visibleColumns, type ListLayout } from './list/listLayout';
import {
  bulkFilter,
  clearedFilters,
  EMPTY_FILTERS,
  filtersFromPreset,
  isFiltered,
  listParams,
  nextSort,
  pageCount,
  presetFiltersOf,
  queryFilter,
  SEARCH_DEBOUNCE_MS,
  type ListFilters,
} from './list/listState';
import type { Preset } from '../../schemas';
import type { PresetViewer } from './list/presets';
import { useBulkActions } from './list/useBulkActions';
import { useFormattedCells } from './list/useFormattedCells';
import { useScriptEnv } from '../form/scriptEnv';
import { usePresets } from './list/usePresets';
import { useLiveList } from './list/useLiveList';
import { customEntrypoint, roleUuidsOf, useRecordView } from './useRecordView';

export interface ListSearchState {
  page?: number;
  preset?: string;
}

export interface ListControllerOptions {
  ref: string;
  /** ?page and ?preset, read from the URL by the caller. */
  search: ListSearchState;
  /** Writes ?page and ?preset. */
  onSearchChange: (next: ListSearchState) => void;
  entrypoint?: string | null;
  runScript?: RunScript;
}

export function useListController({ ref, search, onSearchChange, entrypoint, runScript = lazySandbox }: ListControllerOptions) {
  const env = useStore(environmentStore);
  const loaded = useRecordView(ref, 'model_edit');
  const model = loaded.settings.data;
  const perms = loaded.permissions.data;
  const componentRef = model?.ref ?? ref;
  const canRead = perms ? hasPermission(perms, 'read', componentRef) : false;
  const viewer = useMemo<PresetViewer | null>(() => (perms ? { isAdmin: perms.is_admin, roles: roleUuidsOf(perms), env } : null), [perms, env]);
  const presets = usePresets({ ref, model, viewer, urlPreset: search.preset });
  // The page follows ?page, but a change made here applies at once (the URL follows a moment later).
  const [page, setPage] = useState(search.page ?? 1);
  useEffect(() => setPage(search.page ?? 1), [search.page]);

  const [filters, setFilters] = useState<ListFilters>(EMPTY_FILTERS);
  const [layout, setLayout] = useState<ListLayout>(EMPTY_LAYOUT);
  const [searchText, setSearchText] = useState('');
  const [showDisabled, setShowDisabled] = useState(false);
  const [selection, setSelection] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const [quickEdit, setQuickEdit] = useState<string | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [errorDialog, setErrorDialog] = useState<string | null>(null);

  // A preset's filters become the list's; its page applies when the user picks it, not over a ?page
  // already in the URL when the screen opens.
  const applied = useRef<string | null | undefined>(undefined);
  // A pick navigates to ?preset=name; until the URL says so, the URL's (old) preset must not win.
  const pending = useRef<string | null | undefined>(undefined);
  const applyPreset = useCallback(
    (preset: Preset | null, page: number | undefined, usePresetPage: boolean, picked: boolean) => {
      applied.current = preset?.name ?? null;
      if (picked) pending.current = applied.current;
      const { currentPage, ...next } = filtersFromPreset(preset?.context?.filters);
      setFilters(next);
      setLayout(layoutFromPreset(preset?.context?.filters));
      setSearchText(next.filter);
      setSelection([]);
      const target = usePresetPage ? currentPage : (page ?? 1);
      setPage(target);
      if (picked || (page ?? 1) !== target) onSearchChange({ preset: preset?.name, page: target > 1 ? target : undefined });
    },
    [onSearchChange],
  );
  // The preset named in the URL (or the default) once settings load, and whenever ?preset changes.
  const selectedName = presets.selected?.name ?? null;
  useEffect(() => {
    if (!model || !viewer) return;
    if (pending.current !== undefined) {
      if (pending.current !== selectedName) return;
      pending.current = undefined;
    }
    if (applied.current === selectedName) return;
    const first = applied.current === undefined;
    applyPreset(presets.selected, search.page, !first || search.page === undefined, false);
  }, [model, viewer, selectedName, presets.selected, search.page, applyPreset]);

  const goToPage = useCallback(
    (next: number) => {
      setPage(next);
      onSearchChange({ preset: search.preset, page: next > 1 ? next : undefined });
    },
    [onSearchChange, search.preset],
  );
  const changeFilters = useCallback(
    (patch: Partial<ListFilters>, keepPage = false) => {
      setFilters((f) => ({ ...f, ...patch }));
      setSelection([]);
      if (!keepPage && page !== 1) goToPage(1);
    },
    [page, goToPage],
  );

  // Search text reaches the filters 500 ms after the last keystroke.
  useEffect(() => {
    if (searchText === filters.filter) return;
    const timer = setTimeout(() => changeFilters({ filter: searchText }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.filter, changeFilters]);

  const params = useMemo(() => listParams(filters, page, showDisabled), [filters, page, showDisabled]);
  const ready = Boolean(model && loaded.view && perms && canRead);
  const list = useQuery({ ...recordListQueryOptions(ref, params), enabled: ready && applied.current !== undefined, placeholderData: keepPreviousData });

  // Spec section 8 "List load failure": the table empties, a danger toast, and (unless a 500 opened the
  // report modal) the message in a dialog. Spec section 6: no read permission is a toast, no table.
  useEffect(() => {
    if (!list.error) return;
    showToast('unexpectedError', 'danger');
    const shown = errorDisplay(list.error);
    if (shown.kind !== 'reported') setErrorDialog(shown.messageKey);
  }, [list.error, list.errorUpdatedAt]);
  const denied = Boolean(model && perms && !canRead);
  useEffect(() => {
    if (denied) showToast('noPermissionsToRead', 'danger');
  }, [denied]);

  const items: RecordModel[] = useMemo(() => (list.error ? [] : (list.data?.items ?? [])), [list.error, list.data]);
  const total = list.error ? 0 : (list.data?.total ?? 0);
  const allColumns = useMemo(() => loaded.view?.columns ?? [], [loaded.view]);
  const columns = useMemo(() => visibleColumns(allColumns, layout), [allColumns, layout]);
  const scriptEnv = useScriptEnv(allColumns.some((column) => column.formatter));
  const cells = useFormattedCells(allColumns, items, runScript, scriptEnv.ready ? scriptEnv.env : null);
  const currentFilter = useMemo(() => bulkFilter(filters, showDisabled), [filters, showDisabled]);
  const clearSelection = useCallback(() => {
    setSelection([]);
    setAllMatching(false);
  }, []);
  const bulk = useBulkActions({ ref, topicRef: componentRef, selection, allMatching, filter: currentFilter, onDone: clearSelection });

  const componentId = model?.uuid ?? ref;
  const exportAll = useCallback(
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

  const live = useLiveList({ ref, componentRef, env, enabled: ready });
  // An empty page has no rows to jump under the cursor: others' new records are shown at once, not counted.
  const pageEmpty = list.isSuccess && !list.isFetching && items.length === 0;
  const { count: liveCount, show: showLive } = live;
  useEffect(() => {
    if (pageEmpty && liveCount > 0) void showLive();
  }, [pageEmpty, liveCount, showLive]);

  const status = loaded.error ? 'error' : denied ? 'denied' : !model || !loaded.view || !perms ? 'loading' : 'ready';
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
    layout,
    setLayout,
    items,
    cells,
    total,
    loading: list.isPending || list.isFetching,
    page,
    pages: pageCount(total, filters.perPage),
    goToPage,
    filters,
    changeFilters,
    searchText,
    setSearchText,
    sortBy: (key: string) => changeFilters(nextSort(filters, key), true),
    /** Whether a search or filter narrows the list: an empty list then says nothing matches. */
    filtered: isFiltered(filters, showDisabled),
    clearFilters: () => {
      setSearchText('');
      setShowDisabled(false);
      clearSelection();
      changeFilters(clearedFilters(filters));
    },
    showDisabled,
    setShowDisabled: (on: boolean) => {
      setShowDisabled(on);
      clearSelection();
      if (page !== 1) goToPage(1);
    },
    selection,
    toggleRow: (uuid: string) => setSelection((s) => (s.includes(uuid) ? s.filter((u) => u !== uuid) : [...s, uuid])),
    toggleAll: () => setSelection((s) => (items.length > 0 && items.every((r) => s.includes(r.uuid)) ? [] : items.map((r) => r.uuid))),
    allMatching,
    setAllMatching,
    bulk,
    presets,
    /** Picking a preset applies it, even the one already selected (its filters may have been changed since). */
    selectPreset: (name: string) => applyPreset(presets.list.find((p) => p.name === name) ?? null, search.page, true, true),
    saveAsPreset: async (name: string, roles: string[]) => {
      if (!(await presets.saveAs(name, presetFiltersOf(filters, page, layout), roles))) return;
      // The new preset holds the current filters: selected, nothing to apply.
      applied.current = pending.current = name.trim();
      onSearchChange({ preset: name.trim(), page: search.page });
    },
    updatePreset: (roles: string[]) => presets.update(presetFiltersOf(filters, page, layout), roles),
    removePreset: async () => {
      const removed = presets.selected?.name;
      if (!(await presets.remove())) return;
      applyPreset(presets.list.find((p) => p.name !== removed) ?? null, search.page, true, true);
    },
    makeDefaultPreset: () => presets.makeDefault(),
    exportPage: () => downloadJson(items, `${componentId}.json`),
    exportAll,
    quickEdit,
    openQuickEdit: setQuickEdit,
    closeQuickEdit: () => setQuickEdit(null),
    importOpen,
    openImport: () => setImportOpen(true),
    closeImport: () => setImportOpen(false),
    errorDialog,
    closeErrorDialog: () => setErrorDialog(null),
    clearSelection,
    locale: loaded.locale,
    runScript,
    /** Changes by others since the page loaded (the banner), and the bus's connection. */
    live,
  };
}

export type ListController = ReturnType<typeof useListController>;
