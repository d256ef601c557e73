// A timestamp as the admin screens show it (spec section 9), or a quiet fallback when there is none.
import { FormattedMessage } from 'react-intl';
import { timestampText } from '../../../renderers/screens/list/cellText';

/** A timestamp as YYYY-MM-DD HH:mm:ss (spec section 9), or the fallback text when there is none. */
export function When({ value, fallback = 'iam.never' }: { value: string | null | undefined; fallback?: string }) {
  if (!value) {
    return (
      <span className="muted">
        <FormattedMessage id={fallback} />
      </span>
    );
  }
  return <time dateTime={value}>{timestampText(value)}</time>;
}
