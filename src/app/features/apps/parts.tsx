// Pieces the app screens share (docs/apps.md).
import { FormattedMessage } from 'react-intl';

export const appHref = (uuid: string) => `/admin/app/${encodeURIComponent(uuid)}`;
export const appSettingsHref = (uuid: string) => `/admin/app/settings/${encodeURIComponent(uuid)}`;
export const appEditorHref = (uuid: string) => `/app/editor/${encodeURIComponent(uuid)}`;
export const appPreviewHref = (uuid: string) => `/app/${encodeURIComponent(uuid)}`;
export const appContainerHref = (uuid: string) => `/a/${encodeURIComponent(uuid)}`;

/** A version name as a badge, or a quiet "none". */
export function AppVersionBadge({ version, tone = 'info' }: { version: string | null; tone?: 'info' | 'success' }) {
  if (version === null) {
    return (
      <span className="muted">
        <FormattedMessage id="apps.none" />
      </span>
    );
  }
  return <span className={`badge badge-${tone}`}>{version}</span>;
}

/** The next free version name: v{highest + 1}. */
export function nextVersionName(versions: readonly string[]): string {
  const numbers = versions.map((name) => /^v(\d+)$/.exec(name)?.[1]).filter((n): n is string => n !== undefined).map(Number);
  return `v${Math.max(0, ...numbers) + 1}`;
}
