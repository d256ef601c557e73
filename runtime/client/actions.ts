// Running a component's action on records (docs/user-code.md "Actions") over the main client.
import type { ActionRunBody, ActionRunResult } from '../api/user-code';
import { mainClient } from './clients';
import { refPath } from './components';

export type { ActionRunBody, ActionRunResult } from '../api/user-code';

export const actionsApi = {
  run: (ref: string, name: string, body: ActionRunBody) =>
    mainClient.post<ActionRunResult>(`/v3/system/component/${refPath(ref)}/action/${encodeURIComponent(name)}`, body),
};
