// The frame of an admin form page: a narrow page, its heading with a link back to the list, and, for an
// edit page, the read it waits for (loading, a failed read, then the form with the loaded item); the
// pair of pages of one item's form; what a save does next; and the foot of the form (what went wrong,
// then its actions).
import { useQuery, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { BackLink, PageHeader } from '../PageHeader';
import { LoadError, Loading } from '../LoadState';
import { FailureText } from './failure';
import { SubmitButton } from './TextField';
import type { FormController } from './useFormPage';

interface Frame {
  /** Extra class names of the page. */
  className?: string;
  back: { href: string; label: string };
  /** More header actions, after the link back. */
  actions?: ReactNode;
}

/** A create page: nothing to load. */
export function FormPage({ title, className, back, actions, children }: Frame & { title: ReactNode; children: ReactNode }) {
  return (
    <div className={className ? `page page-narrow ${className}` : 'page page-narrow'}>
      <PageHeader title={title}>
        <BackLink href={back.href} label={back.label} />
        {actions}
      </PageHeader>
      {children}
    </div>
  );
}

/** An edit page: the heading names the item once it is loaded. */
export function EditFormPage<T>({
  query,
  title,
  children,
  ...frame
}: Frame & { query: UseQueryResult<T>; title: (item: T | undefined) => ReactNode; children: (item: T) => ReactNode }) {
  return (
    <FormPage title={title(query.data)} {...frame}>
      {query.isPending ? <Loading /> : query.isError ? <LoadError error={query.error} /> : children(query.data)}
    </FormPage>
  );
}

/** The two pages of an item's form: a new item (nothing to read), and the one the route's `id` names. */
export function itemFormPages<T extends { uuid: string }, K extends QueryKey>({
  read,
  createTitle,
  title,
  form,
  ...frame
}: Frame & {
  /** How the route's item is read. */
  read: (id: string) => UseQueryOptions<T, Error, T, K>;
  createTitle: ReactNode;
  /** The edit page's heading, before and after the item is read. */
  title: (item: T | undefined) => ReactNode;
  /** The form, for a new item (null) or a loaded one. */
  form: (item: T | null) => ReactNode;
}) {
  function CreatePage() {
    return (
      <FormPage title={createTitle} {...frame}>
        {form(null)}
      </FormPage>
    );
  }
  function EditPage() {
    const { id = '' } = useParams({ strict: false });
    const query = useQuery(read(id));
    return (
      <EditFormPage query={query} title={title} {...frame}>
        {(item) => <Fragment key={item.uuid}>{form(item)}</Fragment>}
      </EditFormPage>
    );
  }
  return { CreatePage, EditPage };
}

/** What an item form's save does next: the saved item kept in the cache under `cache(uuid)`, what shows
 * it read again (`refresh`), then on to `next` where it names a page. */
export function useSavedThen<T extends { uuid: string }>({
  cache,
  refresh,
  next,
}: {
  cache: (uuid: string) => QueryKey;
  refresh: (queryClient: QueryClient) => Promise<unknown>;
  next?: (saved: T) => string | null;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (saved: T) => {
    queryClient.setQueryData(cache(saved.uuid), saved);
    await refresh(queryClient);
    const href = next?.(saved);
    if (href) await navigate({ href });
  };
}

/** Under a form's fields: what went wrong above the actions, then the page's own actions (a removal),
 * the way back without saving (`cancel`) and the submit button. */
export function FormFooter({
  form,
  idle,
  busy,
  testId,
  disabled,
  cancel,
  children,
}: {
  form: Pick<FormController<unknown>, 'failure' | 'pending'>;
  idle: string;
  busy?: string;
  testId: string;
  disabled?: boolean;
  /** Where Cancel leads. */
  cancel?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <FailureText message={form.failure.message} />
      <div className="form-actions">
        {children}
        {cancel ? <BackLink href={cancel} label="common.cancel" /> : null}
        <SubmitButton pending={form.pending} idle={idle} busy={busy} testId={testId} disabled={disabled} />
      </div>
    </>
  );
}
