// Renders a component by id with an optional template entrypoint, and a skeleton while it loads
// (spec section 2 "Component view"). The template's renderer follows its distribution's SDK version
// (legacy when none, else 4, 5 or 6); template distributions are not served yet, so a custom
// entrypoint says so instead of pretending, and the default content (children) shows otherwise.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { componentSettingsQueryOptions } from '../data/components';
import { Message } from '../ui/Message';
import { errorDisplay } from '../../runtime/client/errorMessage';

export function sdkRenderer(sdkVersion: number | null | undefined): 'legacy' | 'sdk4' | 'sdk5' | 'sdk6' {
  if (sdkVersion === 4 || sdkVersion === 5 || sdkVersion === 6) return `sdk${sdkVersion}`;
  return 'legacy';
}

export function RecordSkeleton() {
  return (
    <div className="record-skeleton" aria-busy="true" data-testid="record-skeleton">
      <div className="skeleton skeleton-line" />
      <div className="skeleton" />
      <div className="skeleton" />
    </div>
  );
}

export function ComponentView({ componentId, entrypoint, children }: { componentId: string; entrypoint?: string | null; children?: ReactNode }) {
  const settings = useQuery(componentSettingsQueryOptions(componentId, null));
  if (settings.error) {
    const shown = errorDisplay(settings.error);
    return (
      <p className="form-error" role="alert">
        <Message value={shown.kind === 'reported' ? 'unexpectedError' : shown.messageKey} />
      </p>
    );
  }
  if (!settings.data) return <RecordSkeleton />;
  if (!entrypoint) return <>{children}</>;
  const dist = settings.data.settings.templates_dist;
  return (
    <div className="callout callout-info" data-testid="component-view-template" role="status">
      <FormattedMessage
        id="records.template.notAvailable"
        values={{ entrypoint: <code>{entrypoint}</code>, renderer: sdkRenderer(dist?.sdk_version ?? null) }}
      />
    </div>
  );
}
