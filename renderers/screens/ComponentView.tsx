// Renders a component by id with an optional template entrypoint, and a skeleton while it loads
// (spec section 2 "Component view"; docs/forge.md "Template distributions"). The renderer follows
// the distribution's SDK version (legacy when none, else 4, 5 or 6): the entrypoint names a file of
// the component's template distribution (templates_dist.dist), drawn in the sandboxed frame with the
// bridge of that renderer. Without a distribution, or when it has no such file, the screen says so.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { componentSettingsQueryOptions } from '../data/components';
import { distOpenQueryOptions } from '../data/forge';
import { Message } from '../ui/Message';
import { errorDisplay } from '../../runtime/client/errorMessage';
import { rendererOf } from '../../runtime/forge/bridge';
import { SandboxFrame } from './forge/SandboxFrame';

export function sdkRenderer(sdkVersion: number | null | undefined): 'legacy' | 'sdk4' | 'sdk5' | 'sdk6' {
  return rendererOf(sdkVersion);
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

function LoadFailure({ error }: { error: unknown }) {
  const shown = errorDisplay(error);
  return (
    <p className="form-error" role="alert">
      <Message value={shown.kind === 'reported' ? 'unexpectedError' : shown.messageKey} />
    </p>
  );
}

function Missing({ entrypoint, renderer }: { entrypoint: string; renderer: string }) {
  return (
    <div className="callout callout-info" data-testid="component-view-template" role="status">
      <FormattedMessage id="records.template.notAvailable" values={{ entrypoint: <code>{entrypoint}</code>, renderer }} />
    </div>
  );
}

/** The entrypoint's file of the distribution, in the sandboxed frame. */
function TemplateFrame({ componentId, release, entrypoint, sdkVersion, context }: { componentId: string; release: string; entrypoint: string; sdkVersion: number | null; context?: Record<string, unknown> }) {
  const intl = useIntl();
  const renderer = rendererOf(sdkVersion);
  const files = useQuery(distOpenQueryOptions(componentId, release));
  if (files.error) return <LoadFailure error={files.error} />;
  if (!files.data) return <RecordSkeleton />;
  if (files.data.files && !files.data.files.includes(entrypoint)) return <Missing entrypoint={entrypoint} renderer={renderer} />;
  const src = `${files.data.url}${entrypoint.split('/').map(encodeURIComponent).join('/')}`;
  return (
    <SandboxFrame
      url={src}
      title={intl.formatMessage({ id: 'forge.templateFrame' }, { entrypoint })}
      scope={{ component: componentId, renderer }}
      context={{ entrypoint, ...context }}
      testId="component-view-frame"
      className="forge-frame forge-frame-template"
    />
  );
}

export function ComponentView({ componentId, entrypoint, context, children }: { componentId: string; entrypoint?: string | null; context?: Record<string, unknown>; children?: ReactNode }) {
  const settings = useQuery(componentSettingsQueryOptions(componentId, null));
  if (settings.error) return <LoadFailure error={settings.error} />;
  if (!settings.data) return <RecordSkeleton />;
  if (!entrypoint) return <>{children}</>;
  const dist = settings.data.settings.templates_dist;
  if (!dist?.dist) return <Missing entrypoint={entrypoint} renderer={rendererOf(dist?.sdk_version ?? null)} />;
  return <TemplateFrame componentId={componentId} release={dist.dist} entrypoint={entrypoint} sdkVersion={dist.sdk_version ?? null} context={context} />;
}
