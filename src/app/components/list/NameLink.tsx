// An admin list's first cell: the row's name cut to the list's length (the whole name is its title),
// linking to the row, and any badges after it.
import type { ReactNode } from 'react';
import { truncateListItem } from '../../../../renderers/ui/truncate';
import { AppLink } from '../AppLink';

export function NameLink({ href, name, children }: { href: string; name: string; children?: ReactNode }) {
  return (
    <>
      <AppLink href={href} title={name}>
        {truncateListItem(name)}
      </AppLink>
      {children ? <> {children}</> : null}
    </>
  );
}
