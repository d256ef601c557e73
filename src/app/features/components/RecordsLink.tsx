// The way from a component to its records. The records show in the environment whose version is set
// (docs/components.md), so a component made moments ago, with only a dev version, is opened by
// switching to dev first: the link says so ('Open in dev') instead of leading to 'not found'.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Environment } from '../../../../runtime/api/contract';
import { componentMenuQueryOptions } from '../../../../renderers/data/components';
import { environmentStore, setEnvironment } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';

export interface Versioned {
  ref: string;
  dev_version: string | null;
  public_version: string | null;
}

/** Open the records here, switch to the environment that has a version first, or none yet. */
export type RecordsAccess = { kind: 'open' } | { kind: 'switch'; env: Environment } | { kind: 'none' };

export function recordsAccess(component: Versioned, env: Environment): RecordsAccess {
  const versionOf = (e: Environment) => (e === 'dev' ? component.dev_version : component.public_version);
  if (versionOf(env)) return { kind: 'open' };
  const other: Environment = env === 'dev' ? 'live' : 'dev';
  return versionOf(other) ? { kind: 'switch', env: other } : { kind: 'none' };
}

export const recordsPath = (ref: string): string => `/admin/component/${ref}`;

export function RecordsLink({ component, className = 'button button-small', withHint = false }: { component: Versioned; className?: string; withHint?: boolean }) {
  const env = useStore(environmentStore);
  const router = useRouter();
  const queryClient = useQueryClient();
  const access = recordsAccess(component, env);
  const href = recordsPath(component.ref);
  if (access.kind === 'none') return null;

  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (access.kind === 'switch') {
      setEnvironment(access.env);
      // Everything cached belongs to the other environment; the menu that gates the route is read again.
      await queryClient.invalidateQueries();
      await queryClient.fetchQuery(componentMenuQueryOptions());
    }
    await router.navigate({ href });
  };
  return (
    <span className="records-link">
      <a className={className} href={href} onClick={(event) => void open(event)} data-testid="component-records-link" data-env={access.kind === 'switch' ? access.env : env}>
        {access.kind === 'switch' ? <FormattedMessage id="cmp.records.openIn" values={{ env: access.env }} /> : <FormattedMessage id="cmp.records.open" />}
      </a>
      {withHint && access.kind === 'switch' ? (
        <small className="muted" data-testid="component-records-hint">
          <FormattedMessage id="cmp.records.onlyIn" values={{ env: access.env, current: env }} />
        </small>
      ) : null}
    </span>
  );
}
