// Template calls of docs/templates.md over the main client (no React, usable from Node).
import type { Template, TemplateCatalogue, TemplateInstallResult } from '../api/templates';
import { mainClient } from './clients';

export type * from '../api/templates';

const seg = encodeURIComponent;

export const templatesApi = {
  catalogue: (signal?: AbortSignal) => mainClient.get<TemplateCatalogue>('/v3/system/template', { signal }),
  get: (id: string, signal?: AbortSignal) => mainClient.get<Template>(`/v3/system/template/${seg(id)}`, { signal }),
  install: (id: string, workspace: string) => mainClient.post<TemplateInstallResult>(`/v3/system/template/${seg(id)}/install`, { workspace }),
  uninstall: (id: string, workspace: string) => mainClient.post<TemplateInstallResult>(`/v3/system/template/${seg(id)}/uninstall`, { workspace }),
};
