// Integration host calls (runtime/api/integrations.ts) over the integration client (no React, usable from Node).
import type { CatalogueEntry, Integration, IntegrationUpdateBody } from '../api/integrations';
import { integrationClient } from './clients';

export type * from '../api/integrations';
export { isIntegrationActive } from '../integrations/isIntegrationActive';

export const integrationsApi = {
  list: (signal?: AbortSignal) => integrationClient.get<Integration[]>('/integrations', { signal }),
  explore: (signal?: AbortSignal) => integrationClient.get<CatalogueEntry[]>('/integrations/explore', { signal }),
  integrate: (id: string) => integrationClient.post<Integration>('/integrate', { id }),
  update: (body: IntegrationUpdateBody) => integrationClient.put<Integration>('/integrate', body),
};

export type IntegrationsApi = typeof integrationsApi;
