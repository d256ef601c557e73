// Forge calls of docs/forge.md over the main client (no React). Query factories: renderers/data/forge.ts.
import type { ForgeApp, ForgeCreateBody, ForgeOpen, ForgeRelease, ForgeWorkspaceApp } from '../api/forge';
import type { TemplateSource } from '../forge/templatePicker';
import { mainClient } from './clients';

export type * from '../api/forge';

const seg = encodeURIComponent;
const BASE = '/v3/system/forge';

const zipForm = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('file', file, name);
  return form;
};

export const forgeApi = {
  list: (signal?: AbortSignal) => mainClient.get<ForgeApp[]>(BASE, { signal }),
  get: (id: string, signal?: AbortSignal) => mainClient.get<ForgeApp>(`${BASE}/${seg(id)}`, { signal }),
  create: (body: ForgeCreateBody) => mainClient.post<ForgeApp>(BASE, body),
  remove: (id: string) => mainClient.delete<Record<string, never>>(`${BASE}/${seg(id)}`),
  upload: (id: string, file: File) => mainClient.post<ForgeRelease>(`${BASE}/${seg(id)}/release`, zipForm(file, file.name)),
  deploy: (id: string, release: string) => mainClient.post<ForgeApp>(`${BASE}/${seg(id)}/deploy`, { release }),
  rollback: (id: string) => mainClient.post<ForgeApp>(`${BASE}/${seg(id)}/rollback`, {}),
  open: (id: string, signal?: AbortSignal) => mainClient.get<ForgeOpen>(`${BASE}/${seg(id)}/open`, { signal }),
  workspace: (signal?: AbortSignal) => mainClient.get<ForgeWorkspaceApp[]>('/luma/appservice/v1/forge/workspace', { signal }),
  uploadDist: (component: string, file: File) => mainClient.post<ForgeRelease>(`${BASE}/component/${seg(component)}/dist`, zipForm(file, file.name)),
  saveFiles: (component: string, files: Record<string, string>) => mainClient.post<ForgeRelease>(`${BASE}/component/${seg(component)}/files`, { files }),
  dist: (component: string, release: string, signal?: AbortSignal) => mainClient.get<ForgeRelease>(`${BASE}/component/${seg(component)}/dist/${seg(release)}`, { signal }),
  distFile: (component: string, release: string, file: string, signal?: AbortSignal) =>
    mainClient.get<{ path: string; text: string }>(`${BASE}/component/${seg(component)}/dist/${seg(release)}`, { query: { file }, signal }),
  openDist: (component: string, release: string) => mainClient.post<ForgeOpen>(`${BASE}/component/${seg(component)}/open`, { release }),
  templates: (signal?: AbortSignal) => mainClient.get<TemplateSource[]>(`${BASE}/templates`, { signal }),
  preview: (component: string, files: Record<string, string>) => mainClient.post<ForgeOpen>(`${BASE}/component/${seg(component)}/preview`, { files }),
};
