// Pieces the spark screens share.
import { FormattedMessage } from 'react-intl';

export const sparkHref = (uuid: string) => `/admin/spark/${encodeURIComponent(uuid)}`;

/** A release number as a badge, or a quiet "None". */
export function VersionBadge({ version, tone = 'info' }: { version: number | null; tone?: 'info' | 'success' }) {
  if (version === null) {
    return (
      <span className="muted">
        <FormattedMessage id="sparks.none" />
      </span>
    );
  }
  return (
    <span className={`badge badge-${tone}`}>
      <FormattedMessage id="sparks.version" values={{ version }} />
    </span>
  );
}

/** The documented URL a spark answers at (docs/user-code.md "Sparks"). */
export const invokeUrl = (name: string) => `${typeof window === 'undefined' ? '' : window.location.origin}/api/spark/invoke/${name}`;
