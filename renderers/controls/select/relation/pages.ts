// The relation select's list as an infinite query (TanStack Query): pages of RELATION_PAGE_SIZE
// appended as the list scrolls (or 'More'), one query per search, so an answer to another keyword
// never lands in the list. What the list shows is read from the query's state.
import { RELATION_PAGE_SIZE } from './query';

/** The list API returns no record past the 5000th (docs/lists.md). */
export const LIST_WINDOW = 5000;

/** One select list per related component and search filter (null: no keyword). */
export function relationPagesKey(foreign: string, filter: Record<string, unknown> | null) {
  return ['component', foreign, 'relation-options', filter === null ? null : JSON.stringify(filter)] as const;
}

/** The page after the last one, or undefined when that one was short or the total is reached. */
export function nextPageParam(last: { items: readonly unknown[]; total: number }, all: readonly { items: readonly unknown[] }[], lastParam: number): number | undefined {
  const loaded = all.reduce((n, page) => n + page.items.length, 0);
  return last.items.length < RELATION_PAGE_SIZE || loaded >= Math.min(last.total, LIST_WINDOW) ? undefined : lastParam + 1;
}

/** The parts of an infinite query's state the list reads. */
export interface PagesState<T> {
  data?: { pages: readonly { items: readonly T[] }[] };
  isPending: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  hasNextPage: boolean;
}

export interface PagingView<T> {
  items: T[];
  /** The first page or the next one is on its way (or waits for the related component's fields). */
  loading: boolean;
  /** No page to ask for: the last one came, or a page failed. */
  done: boolean;
  /** Asking for the next page now would load one (never two at once). */
  mayLoadMore: boolean;
}

export function pagingView<T>(state: PagesState<T>): PagingView<T> {
  const items = state.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = state.isPending || state.isFetchingNextPage;
  const done = !loading && (state.isError || !state.hasNextPage);
  return { items, loading, done, mayLoadMore: !loading && !done && !state.isFetching };
}
