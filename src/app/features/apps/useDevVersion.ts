// The app with its dev version's definition, for the screens that edit it: the read without a version
// answers the environment's (live in live), so a second read names dev when they differ.
import { useQuery } from '@tanstack/react-query';
import { appQueryOptions } from '../../../../renderers/data/apps';

export function useDevVersion(id: string) {
  const first = useQuery(appQueryOptions(id));
  const dev = first.data?.dev_version ?? undefined;
  const needsDev = first.isSuccess && dev !== undefined && first.data.version !== dev;
  const second = useQuery({ ...appQueryOptions(id, dev), enabled: needsDev });
  return needsDev ? second : first;
}
