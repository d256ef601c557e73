// How a profile section waits for what it reads: a skeleton, or the failure with a way to read again.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { FormMessage, problemOf } from '../fields';

export function SectionRead<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <div className="skeleton" aria-busy="true" />;
  if (query.isError) {
    return (
      <>
        <FormMessage message={problemOf(query.error).message ?? 'unexpectedError'} />
        <button type="button" className="button" onClick={() => void query.refetch()}>
          <FormattedMessage id="common.retry" />
        </button>
      </>
    );
  }
  return children(query.data);
}
