// The frame of an admin form page: a narrow page, its heading with a link back to the list, and, for an
// edit page, the read it waits for (loading, a failed read, then the form with the loaded item).
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BackLink, LoadError, Loading, PageHeader } from '../page';

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
