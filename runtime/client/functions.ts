// Function calls of docs/user-code.md over the main client (no React, usable from Node).
import type { FunctionCallAnswer, FunctionCallBody, GlobalFunction, GlobalFunctionKeyCreated, GlobalFunctionWrite } from '../api/functions';
import type { MemberItem } from '../api/iam';
import { mainClient } from './clients';

export type * from '../api/functions';

const seg = encodeURIComponent;

export const functionsApi = {
  /** A component function of the caller's environment; options.expression runs unsaved code (settings, dev). */
  runComponentFunction: (componentUuid: string, name: string, body: FunctionCallBody) =>
    mainClient.post<FunctionCallAnswer>(`/v3/system/component/${seg(componentUuid)}/function/${seg(name)}`, body),
  list: (signal?: AbortSignal) => mainClient.get<GlobalFunction[]>('/v1/system/function', { signal }),
  get: (uuid: string, signal?: AbortSignal) => mainClient.get<GlobalFunction>(`/v1/system/function/${seg(uuid)}`, { signal }),
  create: (body: GlobalFunctionWrite) => mainClient.post<GlobalFunction>('/v1/system/function', body),
  update: (uuid: string, body: GlobalFunctionWrite) => mainClient.patch<GlobalFunction>(`/v1/system/function/${seg(uuid)}`, body),
  remove: (uuid: string) => mainClient.delete<Record<string, never>>(`/v1/system/function/${seg(uuid)}`),
  addKey: (uuid: string) => mainClient.post<GlobalFunctionKeyCreated>(`/v1/system/function/${seg(uuid)}/key`),
  revokeKey: (uuid: string, keyUuid: string) => mainClient.delete<Record<string, never>>(`/v1/system/function/signature/${seg(uuid)}/${seg(keyUuid)}`),
  /** The project's API users: who a function may run as. */
  apiUsers: (signal?: AbortSignal) => mainClient.get<MemberItem[]>('/v1/user/api-user', { signal }),
  run: (uuid: string, body: FunctionCallBody) => mainClient.post<FunctionCallAnswer>(`/v1/system/function/${seg(uuid)}/run`, body),
};
