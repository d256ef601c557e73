// Whether an integration is active in the project, from the list GET /integrations answers (which
// already holds the default-active ones, such as luma-media, while no admin has changed them). A list
// not loaded yet answers false: the widgets offer library and device sources only once they know.
import type { Integration } from '../api/integrations';

export function isIntegrationActive(list: readonly Pick<Integration, 'id' | 'disabled'>[] | null | undefined, id: string): boolean {
  if (!list) return false;
  return list.some((integration) => integration.id === id && !integration.disabled);
}
