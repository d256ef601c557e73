// The shell every admin list stands on (roles, members, functions, sparks, variables, projects,
// workspaces, components, integrations, Scout's logs): the title with the page's actions, what comes
// before the list (an intro, filters), then the list in one of its four states: loading, failed (with
// a retry), empty (with what to do first), or the table with its row actions and paging.
// A screen with more than one list, or a list inside a larger page, uses ListBody on its own.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { AppLink } from '../AppLink';
import { LoadError, Loading } from '../LoadState';
import { PageHeader } from '../PageHeader';
import { AdminTable, type AdminTableProps } from './AdminTable';

/** What ListBody needs of a TanStack query (or of nothing: a list already loaded has no query). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListEmptyProps {
  testId: string;
  /** Message ids. */
  title: string;
  hint?: string;
  icon?: ReactNode;
  /** What to do first (create the first one), under the message. */
  action?: ReactNode;
}

export function ListEmpty({ testId, title, hint, icon, action }: ListEmptyProps) {
  return (
    <div className="card">
      <EmptyState testId={testId} icon={icon} title={<FormattedMessage id={title} />} hint={hint ? <FormattedMessage id={hint} /> : undefined} />
      {action ? <div className="center">{action}</div> : null}
    </div>
  );
}

/** Where the rows come from: the query's own data when it is the list, else `rows` (a page of it, or a
 * list already loaded). */
export type ListSource<T> = { query: ListQuery & { data: readonly T[] | undefined }; rows?: undefined } | { query?: ListQuery; rows: readonly T[] | undefined };

export type ListBodyProps<T> = Omit<AdminTableProps<T>, 'rows' | 'footer'> &
  ListSource<T> & {
    /** Shown instead of the table when there are no rows: usually a ListEmpty. */
    empty: ReactNode;
    /** The pager, under the table. */
    paging?: ReactNode;
  };

export function ListBody<T>(props: ListBodyProps<T>) {
  const { query, rows, empty, paging, ...table } = props;
  if (query?.isPending) return <Loading />;
  if (query?.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const data: unknown = query && 'data' in query ? query.data : undefined;
  const shown = rows ?? (Array.isArray(data) ? (data as readonly T[]) : undefined);
  if (!shown || shown.length === 0) return <>{empty}</>;
  return <AdminTable {...table} rows={shown} footer={paging} />;
}

/** A page's primary action: a link, or a button (a dialog opens). */
export type PrimaryAction = { label: string; testId?: string } & ({ href: string } | { onPress: () => void });

/** In the header it is the primary button and carries the test id; in the empty state it is plain. */
function PrimaryActionButton({ action, inHeader }: { action: PrimaryAction; inHeader?: boolean }) {
  const className = inHeader ? 'button button-primary' : 'button';
  const label = <FormattedMessage id={action.label} />;
  const testId = inHeader ? action.testId : undefined;
  if ('href' in action) {
    return (
      <AppLink className={className} href={action.href} data-testid={testId}>
        {label}
      </AppLink>
    );
  }
  return (
    <button type="button" className={className} data-testid={testId} onClick={action.onPress}>
      {label}
    </button>
  );
}

export type ListPageProps<T> = Omit<AdminTableProps<T>, 'rows' | 'footer' | 'label'> &
  ListSource<T> & {
    /** The page's title (a message id); also the table's name unless `label` says otherwise. */
    title: string;
    label?: string;
    /** Last beside the title, and the empty state's call to action. */
    primary?: PrimaryAction;
    /** Further links and buttons beside the title, before the primary one. */
    actions?: ReactNode;
    /** Between the title and the list: a message id (a muted line), or notes and filters. */
    intro?: string | ReactNode;
    empty: ListEmptyProps;
    /** The pager, under the table. */
    paging?: ReactNode;
    /** After the list: its dialogs, further sections. */
    children?: ReactNode;
    pageTestId?: string;
    pageClassName?: string;
    /** The test id of the section that holds the list. */
    sectionTestId?: string;
  };

export function ListPage<T>(props: ListPageProps<T>) {
  const { title, label, primary, actions, intro, empty, children, pageTestId, pageClassName, sectionTestId, ...body } = props;
  return (
    <div className={pageClassName ? `page ${pageClassName}` : 'page'} data-testid={pageTestId}>
      <PageHeader title={<FormattedMessage id={title} />}>
        {actions || primary ? (
          <>
            {actions}
            {primary ? <PrimaryActionButton action={primary} inHeader /> : null}
          </>
        ) : null}
      </PageHeader>
      {typeof intro === 'string' ? (
        <p className="muted">
          <FormattedMessage id={intro} />
        </p>
      ) : (
        intro
      )}
      <section data-testid={sectionTestId}>
        <ListBody {...body} label={label ?? title} empty={<ListEmpty action={primary ? <PrimaryActionButton action={primary} /> : undefined} {...empty} />} />
      </section>
      {children}
    </div>
  );
}
