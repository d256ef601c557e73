// Which of a component's actions apply to some records: those whose display condition holds for
// every one of them, evaluated in the browser sandbox with `record` and `context` ({env, user}). The
// server checks the condition again before the action runs; this only decides what is offered.
// A condition that fails to evaluate hides its action (the server would refuse it too).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActionDefinition } from '../../../schemas';
import { lazySandbox, type RunScript } from '../../form/scripts';
import { userModelQueryOptions } from '../../data/queries';

export interface BrowserScriptUser {
  uuid: string;
  name: string;
  email: string;
  is_admin: boolean;
}

/** The names of the actions whose condition holds for every record (in the settings' order). */
export async function availableActions(
  actions: readonly ActionDefinition[],
  records: readonly Record<string, unknown>[],
  user: BrowserScriptUser | null,
  runScript: RunScript,
): Promise<string[]> {
  if (records.length === 0) return [];
  const names: string[] = [];
  // context.env is the project's global variables on the server; the browser is not given them.
  const context = { env: {}, user };
  for (const action of actions) {
    const code = action.display_condition?.trim() ?? '';
    let holds = true;
    if (code !== '') {
      for (const record of records) {
        const result = await runScript({ label: `Action ${action.name} display condition`, code, args: { record, context } });
        if (!result.ok || !result.value) {
          holds = false;
          break;
        }
      }
    }
    if (holds) names.push(action.name);
  }
  return names;
}

export function useAvailableActions(options: {
  ref: string;
  actions: readonly ActionDefinition[] | undefined;
  records: readonly Record<string, unknown>[];
  enabled: boolean;
  runScript?: RunScript;
}) {
  const user = useQuery({ ...userModelQueryOptions(), enabled: options.enabled && (options.actions?.length ?? 0) > 0 });
  const actions = options.actions ?? [];
  const scriptUser: BrowserScriptUser | null = user.data ? { uuid: user.data.uuid, name: user.data.name, email: user.data.email, is_admin: user.data.is_admin } : null;
  // The key holds what a condition reads: the conditions, the records' versions and the user.
  const key = [
    'component',
    options.ref,
    'actions',
    actions.map((a) => [a.name, a.display_condition ?? '']),
    options.records.map((r) => [r.uuid, r.__version__]),
    scriptUser?.uuid ?? null,
  ];
  const query = useQuery({
    queryKey: key,
    queryFn: () => availableActions(actions, options.records, scriptUser, options.runScript ?? lazySandbox),
    enabled: options.enabled && actions.length > 0 && options.records.length > 0 && !user.isPending,
    staleTime: Infinity,
    retry: false,
    // The offer stays while a changed record is judged again (no flicker of the buttons).
    placeholderData: keepPreviousData,
  });
  const names = new Set(query.data ?? []);
  return { actions: actions.filter((a) => names.has(a.name)), pending: query.isPending && query.fetchStatus !== 'idle' };
}
