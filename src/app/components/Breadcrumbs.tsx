import { useIntl } from 'react-intl';
import { breadcrumbStore } from '../routes/breadcrumbs';
import { useStore } from '../../../renderers/ui/store';
import { AppLink } from './AppLink';
import { useMessage } from '../../../renderers/ui/Message';

export function Breadcrumbs() {
  const trail = useStore(breadcrumbStore);
  const intl = useIntl();
  const message = useMessage();
  return (
    <nav className="breadcrumbs" data-testid="breadcrumbs" aria-label={intl.formatMessage({ id: 'shell.breadcrumbs' })}>
      <ol>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.href}>
              {last ? (
                <span aria-current="page">{message(crumb.label)}</span>
              ) : (
                <AppLink href={crumb.href}>{message(crumb.label)}</AppLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
