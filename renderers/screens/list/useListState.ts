// What the user has set on the list (useListController.ts): the page (following ?page), the filters
// and the search text (debounced 500 ms into them), the layout, show-disabled and the selection; and
// the presets applied over them, from the URL or picked (spec section 2 "Record list screen").
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Preset } from '../../../schemas';
import type { ComponentModel } from '../../../runtime/client/components';
import { EMPTY_LAYOUT, layoutFromPreset, type ListLayout } from './listLayout';
import { clearedFilters, EMPTY_FILTERS, filtersFromPreset, PAGE_SIZE, nextSort, presetFiltersOf, SEARCH_DEBOUNCE_MS, type ListFilters } from './listState';
import type { PresetViewer } from './presets';
import type { PresetsController } from './usePresets';

export interface ListSearchState {
  page?: number;
  preset?: string;
}

type OnSearchChange = (next: ListSearchState) => void;

/** The list's own state; a change of filters or show-disabled clears the selection and goes to page 1. */
/** `defaultPerPage`: the page size when no preset names one (PAGE_SIZE; 500 in an app, spec section 5). */
export function useListState(search: ListSearchState, onSearchChange: OnSearchChange, defaultPerPage = PAGE_SIZE) {
  // The page follows ?page, but a change made here applies at once (the URL follows a moment later).
  const [page, setPage] = useState(search.page ?? 1);
  useEffect(() => setPage(search.page ?? 1), [search.page]);
  const [filters, setFilters] = useState<ListFilters>(() => ({ ...EMPTY_FILTERS, perPage: defaultPerPage }));
  const [layout, setLayout] = useState<ListLayout>(EMPTY_LAYOUT);
  const [searchText, setSearchText] = useState('');
  const [showDisabled, setShowDisabledState] = useState(false);
  const [selection, setSelection] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);

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
  const clearSelection = useCallback(() => {
    setSelection([]);
    setAllMatching(false);
  }, []);
  /** Takes a preset's filters, layout and page; the selection empties. */
  const reset = useCallback((next: ListFilters, nextLayout: ListLayout, nextPage: number) => {
    setFilters(next);
    setLayout(nextLayout);
    setSearchText(next.filter);
    setSelection([]);
    setPage(nextPage);
  }, []);
  return {
    page,
    goToPage,
    filters,
    changeFilters,
    layout,
    setLayout,
    searchText,
    setSearchText,
    showDisabled,
    setShowDisabled: (on: boolean) => {
      setShowDisabledState(on);
      clearSelection();
      if (page !== 1) goToPage(1);
    },
    sortBy: (key: string) => changeFilters(nextSort(filters, key), true),
    clearFilters: () => {
      setSearchText('');
      setShowDisabledState(false);
      clearSelection();
      changeFilters(clearedFilters(filters));
    },
    selection,
    toggleRow: (uuid: string) => setSelection((s) => (s.includes(uuid) ? s.filter((u) => u !== uuid) : [...s, uuid])),
    /** Selects every row of `items`, or none when all are selected. */
    toggleAll: (items: readonly { uuid: string }[]) => setSelection((s) => (items.length > 0 && items.every((r) => s.includes(r.uuid)) ? [] : items.map((r) => r.uuid))),
    allMatching,
    setAllMatching,
    clearSelection,
    reset,
    defaultPerPage,
  };
}

export type ListState = ReturnType<typeof useListState>;

/** Search text reaches the filters 500 ms after the last keystroke. */
export function useSearchDebounce(state: ListState): void {
  const { searchText, filters, changeFilters } = state;
  useEffect(() => {
    if (searchText === filters.filter) return;
    const timer = setTimeout(() => changeFilters({ filter: searchText }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.filter, changeFilters]);
}

interface PresetApplicationOptions {
  state: ListState;
  presets: PresetsController;
  model: ComponentModel | undefined;
  viewer: PresetViewer | null;
  search: ListSearchState;
  onSearchChange: OnSearchChange;
}

/**
 * Applies presets over the list's state: the one named in the URL (or the default) once settings
 * load and whenever ?preset changes, and the one the user picks. `started` is false until the first
 * is applied (the list does not load before); `actions` are the preset menu's.
 */
export function usePresetApplication({ state, presets, model, viewer, search, onSearchChange }: PresetApplicationOptions) {
  // A preset's filters become the list's; its page applies when the user picks it, not over a ?page
  // already in the URL when the screen opens.
  const applied = useRef<string | null | undefined>(undefined);
  // A pick navigates to ?preset=name; until the URL says so, the URL's (old) preset must not win.
  const pending = useRef<string | null | undefined>(undefined);
  const { reset, defaultPerPage } = state;
  const applyPreset = useCallback(
    (preset: Preset | null, page: number | undefined, usePresetPage: boolean, picked: boolean) => {
      applied.current = preset?.name ?? null;
      if (picked) pending.current = applied.current;
      const { currentPage, ...next } = filtersFromPreset(preset?.context?.filters, defaultPerPage);
      const target = usePresetPage ? currentPage : (page ?? 1);
      reset(next, layoutFromPreset(preset?.context?.filters), target);
      if (picked || (page ?? 1) !== target) onSearchChange({ preset: preset?.name, page: target > 1 ? target : undefined });
    },
    [reset, defaultPerPage, onSearchChange],
  );
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

  const current = () => presetFiltersOf(state.filters, state.page, state.layout);
  const actions = {
    /** Picking a preset applies it, even the one already selected (its filters may have been changed since). */
    selectPreset: (name: string) => applyPreset(presets.list.find((p) => p.name === name) ?? null, search.page, true, true),
    saveAsPreset: async (name: string, roles: string[]) => {
      if (!(await presets.saveAs(name, current(), roles))) return;
      // The new preset holds the current filters: selected, nothing to apply.
      applied.current = pending.current = name.trim();
      onSearchChange({ preset: name.trim(), page: search.page });
    },
    updatePreset: (roles: string[]) => presets.update(current(), roles),
    removePreset: async () => {
      const removed = presets.selected?.name;
      if (!(await presets.remove())) return;
      applyPreset(presets.list.find((p) => p.name !== removed) ?? null, search.page, true, true);
    },
    makeDefaultPreset: () => presets.makeDefault(),
  };
  return { started: applied.current !== undefined, actions };
}
