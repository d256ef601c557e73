// /a/:id (spec section 1): a forge app's live bundle in the sandboxed frame with the bridge, or, when
// the id is not a forge app's, the platform app container (features/apps/AppContainerPage.tsx).
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { FORGE_MESSAGE } from '../../../../runtime/api/forge';
import { isApiRequestError } from '../../../../runtime/client/errors';
import { forgeOpenQueryOptions } from '../../../../renderers/data/forge';
import { SandboxFrame } from '../../../../renderers/screens/forge/SandboxFrame';
import { AppLink } from '../../components/AppLink';
import { LoadError, Loading } from '../../components/LoadState';
import { AppContainerPage } from '../apps/AppContainerPage';
import './forge.css';

function ForgeContainer({ id, url }: { id: string; url: string }) {
  const intl = useIntl();
  return (
    <div className="forge-container" data-testid="forge-container" data-app={id}>
      <header className="forge-container-bar">
        <AppLink className="button button-ghost button-small" href="/home/home">
          <FormattedMessage id="nav.home" />
        </AppLink>
      </header>
      <SandboxFrame url={url} title={intl.formatMessage({ id: 'forge.appFrame' })} scope={{ renderer: 'sdk6' }} context={{ app: id }} className="forge-frame forge-frame-app" />
    </div>
  );
}

export function AppOrForgePage() {
  const { id = '' } = useParams({ strict: false });
  const open = useQuery(forgeOpenQueryOptions(id));
  if (open.isPending) return <div className="page"><Loading /></div>;
  if (open.isSuccess) return <ForgeContainer id={id} url={open.data.url} />;
  // Not a forge app of this project: the platform app container answers (its own errors included).
  if (isApiRequestError(open.error) && open.error.messageKey === FORGE_MESSAGE.notFound) return <AppContainerPage />;
  return (
    <div className="page stack" data-testid="forge-container-error">
      <LoadError error={open.error} />
      <AppLink href="/home/home">
        <FormattedMessage id="nav.home" />
      </AppLink>
    </div>
  );
}
