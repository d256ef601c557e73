// context.env of browser scripts (docs/user-code.md "context.env"): the environment's non-secret global
// variables, fetched once per page and environment (renderers/data/environment.ts) and only when the
// view has a script to give them to. Secrets are never sent to the browser.
import { useQuery } from '@tanstack/react-query';
import type { ViewSchema } from '../../schemas/viewSchema.schema';
import { scriptEnvQueryOptions } from '../data/environment';
import { environmentStore } from '../ui/prefs';
import { useStore } from '../ui/store';

/** Whether any field or column of the view runs a script or names a variable. */
export function viewRunsScripts(view: ViewSchema | null): boolean {
  if (!view) return false;
  const field = view.fields.some(
    (f) => f.mutators.get || f.mutators.set || f.template || (f.variables?.length ?? 0) > 0 || (f.module === 'select' && f.type === 'external'),
  );
  return field || view.columns.some((c) => c.formatter);
}

const NONE: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * The variables and whether the page may run its scripts yet: not before they are known (a failed
 * read counts as none, so a form never waits forever).
 */
export function useScriptEnv(enabled: boolean): { env: Record<string, string>; ready: boolean } {
  const envName = useStore(environmentStore);
  const query = useQuery({ ...scriptEnvQueryOptions(envName), enabled });
  if (!enabled) return { env: NONE, ready: true };
  return { env: query.data ?? NONE, ready: query.isSuccess || query.isError };
}
