// The active share links of a file (docs/media.md "Share links"), in its share dialog: each with its
// valid-until, how it was shared and by whom, and a Revoke button that asks first (inline, so the
// dialog stays one dialog on a phone); a revoked link answers 410 from then on.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MediaFile } from '../../../../../runtime/api/media';
import type { ShareLink } from '../../../../../runtime/api/media-shares';
import { mediaApi } from '../../../../../runtime/client/media';
import { showToast } from '../../../../../renderers/ui/toast';
import { mediaKeys } from '../data';
import { showMediaError } from '../errors';

export const shareLinksQuery = (file: Pick<MediaFile, 'library_uuid' | 'key'>) => ({
  queryKey: mediaKeys.shares(file.library_uuid, file.key),
  queryFn: ({ signal }: { signal: AbortSignal }) => mediaApi.shares(file.library_uuid, file.key, signal),
  retry: false,
});

function LinkRow({ link, file }: { link: ShareLink; file: MediaFile }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const revoke = useMutation({
    mutationFn: () => mediaApi.revokeShare(file.library_uuid, link.uuid),
    onSuccess: async () => {
      showToast('media.shareRevoked', 'success');
      await queryClient.invalidateQueries({ queryKey: mediaKeys.shares(file.library_uuid, file.key) });
    },
    onError: (error) => {
      setAsking(false);
      showMediaError(error);
    },
  });
  const when = intl.formatDate(link.expires_at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="media-share-link" data-testid="media-share-item">
      <div className="media-share-link-facts">
        <span data-testid="media-share-item-expiry">
          <FormattedMessage id="media.shareValidUntil" values={{ when }} />
        </span>
        <span className="muted">
          {link.type === 'email' ? (
            <FormattedMessage id="media.shareSentTo" values={{ count: link.emails.length, emails: link.emails.join(', ') }} />
          ) : (
            <FormattedMessage id="media.share.link" />
          )}
          {link.created_by_name ? <> · {link.created_by_name}</> : null}
        </span>
      </div>
      {asking ? (
        <div className="media-share-confirm" role="group" aria-label={intl.formatMessage({ id: 'media.shareRevoke' })}>
          <span>
            <FormattedMessage id="media.shareRevokeConfirm" />
          </span>
          <div className="media-share-confirm-actions">
            <button type="button" className="button" data-testid="media-share-revoke-cancel" onClick={() => setAsking(false)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="button button-primary danger-fill" data-testid="media-share-revoke-confirm" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
              <FormattedMessage id="media.shareRevoke" />
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button" data-testid="media-share-revoke" onClick={() => setAsking(true)}>
          <FormattedMessage id="media.shareRevoke" />
        </button>
      )}
    </li>
  );
}

export function ShareLinks({ file }: { file: MediaFile }) {
  const links = useQuery(shareLinksQuery(file));
  return (
    <section className="media-share-links" aria-labelledby={`share-links-${file.uuid}`} data-testid="media-share-links">
      <h3 id={`share-links-${file.uuid}`} className="field-label">
        <FormattedMessage id="media.shareActive" />
      </h3>
      {links.isPending ? (
        <p className="muted">
          <FormattedMessage id="common.loading" />
        </p>
      ) : links.isError ? (
        <p className="muted">
          <FormattedMessage id="media.shareLinksUnavailable" />
        </p>
      ) : links.data.items.length === 0 ? (
        <p className="muted" data-testid="media-share-links-empty">
          <FormattedMessage id="media.shareNone" />
        </p>
      ) : (
        <ul className="media-share-link-list">
          {links.data.items.map((link) => (
            <LinkRow key={link.uuid} link={link} file={file} />
          ))}
        </ul>
      )}
    </section>
  );
}
