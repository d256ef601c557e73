// Pieces every admin page shares, list or form: the heading row, a quiet link back, and how a read
// that is still loading or has failed looks (the last two live in LoadState.tsx and PageHeader.tsx).
import { FormattedMessage } from 'react-intl';
import { AppLink } from './AppLink';

export { Loading, LoadError, loadErrorKey } from './LoadState';
export { PageHeader } from './PageHeader';

/** A quiet link back to a list. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <AppLink className="button button-ghost" href={href}>
      <FormattedMessage id={label} />
    </AppLink>
  );
}
