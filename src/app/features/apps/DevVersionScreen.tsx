// A screen over an app's dev version (its pages, the editor): loading, a failure with the way back to
// the list, then the screen itself.
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AppWithDefinition } from '../../../../runtime/api/apps';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { useDevVersion } from './useDevVersion';

export function DevVersionScreen({ children }: { children: (app: AppWithDefinition) => ReactNode }) {
  const { id = '' } = useParams({ strict: false });
  const app = useDevVersion(id);
  if (app.isPending) return <div className="page"><Loading /></div>;
  if (app.isError) {
    return (
      <div className="page">
        <PageHeader title={<FormattedMessage id="apps.title" />}>
          <BackLink href="/admin/app" label="apps.title" />
        </PageHeader>
        <LoadError error={app.error} />
      </div>
    );
  }
  return <>{children(app.data)}</>;
}
