// The caller's tutorial config (/v1/config/user at 'tutorials'; docs/tutorials.md), read by the modal's
// container and by the profile's Tutorials section through one query, so a change in one is seen by the other.
import { queryOptions } from '@tanstack/react-query';
import { configApi, entryDataOrUnset } from '../../../../runtime/client/config';
import { readTutorialConfig, TUTORIALS_CONFIG_PATH, type TutorialConfig } from '../../../../runtime/tutorials/tutorials';

export const tutorialConfigKey = ['config', 'user', TUTORIALS_CONFIG_PATH] as const;

/** The saved config, or null when there is none (404) or it is not one. */
export const tutorialConfigQueryOptions = () =>
  queryOptions({
    queryKey: tutorialConfigKey,
    queryFn: async ({ signal }): Promise<TutorialConfig | null> => readTutorialConfig(await entryDataOrUnset(configApi.user(TUTORIALS_CONFIG_PATH, signal))),
    retry: false,
    staleTime: Infinity,
  });

/** Writes it in the caller's current project and hands back what the server kept. */
export async function saveTutorialConfig(config: TutorialConfig, projectUuid: string): Promise<TutorialConfig | null> {
  const entry = await configApi.putUser({ path: TUTORIALS_CONFIG_PATH, data: config, project_uuid: projectUuid });
  return readTutorialConfig(entry.data);
}
