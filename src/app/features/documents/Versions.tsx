// The chosen variant's versions in the document editor, with Restore (a restore is a new version); its
// comments are in Comments.tsx.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useDocumentsApi } from './api';
import { documentKeys, documentVersionsQueryOptions } from './queries';

export function Versions({ lib, path, variant, latest }: { lib: string; path: string; variant: string; latest: number }) {
  const api = useDocumentsApi();
  const client = useQueryClient();
  const versions = useQuery(documentVersionsQueryOptions(api, lib, path, variant));
  const restore = useMutation({
    mutationFn: (version: number) => api.restoreVersion(lib, { path, variant, version }),
    onSuccess: (document) => {
      client.setQueryData(documentKeys.one(lib, path), document);
      void client.invalidateQueries({ queryKey: documentKeys.versions(lib, path, variant) });
    },
  });
  if (!versions.data) return null;
  return (
    <section className="documents-side" data-testid="documents-versions">
      <h3 className="documents-title">
        <FormattedMessage id="documents.versions" />
      </h3>
      <ul className="documents-list">
        {versions.data.map((version) => (
          <li key={version.version} className="documents-row" data-version={version.version}>
            <span>
              <FormattedMessage id="documents.version" values={{ version: version.version }} />
              {version.restored_from !== null ? (
                <span className="muted">
                  {' '}
                  (<FormattedMessage id="documents.restoredFrom" values={{ version: version.restored_from }} />)
                </span>
              ) : null}
            </span>
            {version.version !== latest ? (
              <button type="button" className="button" disabled={restore.isPending} onClick={() => restore.mutate(version.version)} data-testid="documents-restore-version">
                <FormattedMessage id="documents.restoreVersion" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
