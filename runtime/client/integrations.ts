// Integration host calls (runtime/api/integrations.ts) over the integration client (no React, usable from Node).
import type { CatalogueEntry, Integration, IntegrationUpdateBody, NbsCompany } from '../api/integrations';
import type { Satellite, SatelliteChange, SatelliteExplore } from '../api/satellites';
import { integrationClient } from './clients';

export type * from '../api/integrations';
export type * from '../api/satellites';
export { isIntegrationActive } from '../integrations/isIntegrationActive';

export const integrationsApi = {
  list: (signal?: AbortSignal) => integrationClient.get<Integration[]>('/integrations', { signal }),
  explore: (signal?: AbortSignal) => integrationClient.get<CatalogueEntry[]>('/integrations/explore', { signal }),
  /** Installs or activates; a paid entry's first install takes its activation code. */
  integrate: (id: string, activationCode?: string) => integrationClient.post<Integration>('/integrate', activationCode === undefined ? { id } : { id, activation_code: activationCode }),
  update: (body: IntegrationUpdateBody) => integrationClient.put<Integration>('/integrate', body),
};

export type IntegrationsApi = typeof integrationsApi;

/**
 * luma-invoicing's calls: the Serbian VAT company lookup (spec section 7; 9 digits). The billing form
 * (issue 33) fills main number, company, address and city from mb, name, address and place.
 */
export const invoicingApi = {
  searchCompany: (vatNumber: string, signal?: AbortSignal) =>
    integrationClient.get<NbsCompany>(`/invoicing/services/nbs/search?vatNumber=${encodeURIComponent(vatNumber)}`, { signal }),
};

/** Satellites (runtime/api/satellites.ts): the processes that take jobs, on the integration host. */
export const satellitesApi = {
  list: (signal?: AbortSignal) => integrationClient.get<Satellite[]>('/satellites', { signal }),
  explore: (signal?: AbortSignal) => integrationClient.get<SatelliteExplore>('/satellites/explore', { signal }),
  get: (id: string, signal?: AbortSignal) => integrationClient.get<Satellite>(`/satellite/${encodeURIComponent(id)}`, { signal }),
  change: (id: string, body: SatelliteChange) => integrationClient.put<Satellite>(`/satellite/${encodeURIComponent(id)}`, body),
};
