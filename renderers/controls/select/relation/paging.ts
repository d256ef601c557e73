// The infinite paging of the relation select: pages of 10 appended as the list scrolls (or 'More'),
// started over for each keyword. A stale answer (another keyword, or a page already had) is ignored.
export interface PagingState<T> {
  keyword: string;
  items: T[];
  /** Pages loaded so far. */
  pages: number;
  total: number;
  loading: boolean;
  /** No page after the last one loaded. */
  done: boolean;
}

export function startPaging<T>(keyword: string): PagingState<T> {
  return { keyword, items: [], pages: 0, total: 0, loading: true, done: false };
}

/** Ask for the next page: null when one is loading or there is none. */
export function nextPage<T>(state: PagingState<T>): number | null {
  if (state.loading || state.done) return null;
  return state.pages;
}

export function loadingPage<T>(state: PagingState<T>): PagingState<T> {
  return { ...state, loading: true };
}

/** A page arrived: appended when it is the next page of the same keyword. */
export function receivePage<T>(state: PagingState<T>, keyword: string, page: number, answer: { items: T[]; total: number }, limit: number): PagingState<T> {
  if (keyword !== state.keyword || page !== state.pages) return state;
  const items = [...state.items, ...answer.items];
  const done = answer.items.length < limit || items.length >= Math.min(answer.total, 5000);
  return { keyword, items, pages: page + 1, total: answer.total, loading: false, done };
}

export function failPage<T>(state: PagingState<T>, keyword: string): PagingState<T> {
  if (keyword !== state.keyword) return state;
  return { ...state, loading: false, done: true };
}
