// A new API secret: the token is shown this once (only its hash and last four characters are kept).
import { FormattedMessage } from 'react-intl';
import type { ApiSecretCreated, ApiSecretItem } from '../../../../runtime/api/iam';
import { CopyValue } from '../../components/CopyValue';

/** A secret without its token. */
export function secretItem({ uuid, hint, created_at, last_used_at, revoked_at }: ApiSecretItem): ApiSecretItem {
  return { uuid, hint, created_at, last_used_at, revoked_at };
}

export function SecretToken({ secret }: { secret: ApiSecretCreated }) {
  return (
    <div className="stack iam-secret" data-testid="api-secret-once">
      <div className="callout callout-warning" role="alert">
        <strong>
          <FormattedMessage id="iam.secret.onceTitle" />
        </strong>{' '}
        <FormattedMessage id="iam.secret.onceBody" />
      </div>
      <CopyValue value={secret.token} testId="api-secret-token" copyTestId="api-secret-copy" label={<FormattedMessage id="iam.secret.token" />} />
      <p className="muted">
        <FormattedMessage id="iam.secret.usage" values={{ header: <code>Authorization: Bearer …</code> }} />
      </p>
    </div>
  );
}
