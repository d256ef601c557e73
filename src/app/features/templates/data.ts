// Query factories of the template calls (runtime/client/templates.ts), and the pieces both template
// screens share: a template's icon, its landing page's address.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { templatesApi } from '../../../../runtime/client/templates';

export const templateKeys = {
  all: ['templates'] as const,
  one: (id: string) => ['templates', id] as const,
};

export const templateCatalogueQueryOptions = () => queryOptions({ queryKey: templateKeys.all, queryFn: ({ signal }) => templatesApi.catalogue(signal) });
export const templateQueryOptions = (id: string) => queryOptions({ queryKey: templateKeys.one(id), queryFn: ({ signal }) => templatesApi.get(id, signal) });

export const templateHref = (id: string) => `/template/${encodeURIComponent(id)}`;

/** After an install or uninstall: the templates, and everything a template creates, are read again. */
export async function afterTemplateChange(client: QueryClient): Promise<void> {
  await client.invalidateQueries();
}
