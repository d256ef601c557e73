// The relation select's list on useInfiniteQuery: the first page once the related component's fields
// are known, the next on scroll or 'More', a new search (another filter) its own query from page 0.
// The list is the select's alone: it is never refetched behind its back (focus, reconnect) and is
// dropped as soon as no select shows it; a quick-create, edit or removal starts it over.
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { loadPage, statusOf } from './api';
import type { OutcomeEvent } from './outcome';
import { nextPageParam, pagingView, relationPagesKey } from './pages';
import { pageParams } from './query';
import type { Row } from './rows';

interface RelationPagesOptions {
  client: QueryClient;
  foreign: string;
  filter: Record<string, unknown> | null;
  enabled: boolean;
  report(event: OutcomeEvent): void;
}

export function useRelationPages({ client, foreign, filter, enabled, report }: RelationPagesOptions) {
  const queryKey = relationPagesKey(foreign, filter);
  const query = useInfiniteQuery(
    {
      queryKey,
      queryFn: ({ pageParam, signal }) => loadPage(foreign, pageParams(pageParam, filter), signal),
      initialPageParam: 0,
      getNextPageParam: (last, all, lastParam) => nextPageParam(last, all, lastParam),
      enabled,
      retry: false,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    client,
  );
  // Each page that arrives (or fails) tells the select's state.
  useEffect(() => {
    if (query.dataUpdatedAt) report({ type: 'pageLoaded' });
  }, [query.dataUpdatedAt, report]);
  useEffect(() => {
    if (query.errorUpdatedAt) report({ type: 'failed', page: true, status: statusOf(query.error) });
  }, [query.errorUpdatedAt, query.error, report]);

  const { data, isPending, isFetching, isFetchingNextPage, isError, hasNextPage, fetchNextPage } = query;
  const view = useMemo(
    () => pagingView<Row>({ data: data as { pages: { items: Row[] }[] } | undefined, isPending, isFetching, isFetchingNextPage, isError, hasNextPage }),
    [data, isPending, isFetching, isFetchingNextPage, isError, hasNextPage],
  );
  return {
    ...view,
    loadMore: () => {
      if (view.mayLoadMore) void fetchNextPage();
    },
    restart: () => void client.resetQueries({ queryKey, exact: true }),
  };
}
