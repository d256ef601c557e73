// The integration catalogue (GET /integrations/explore; APPS.md "Integrations"). luma-media is the
// first and, for now, only real entry: an entry is listed here only once something works behind it.
import { MEDIA_INTEGRATION_ID, MEDIA_PERMISSION } from '../api/media';
import { integrationPagePath, type IntegrationPage, type IntegrationSettingField } from '../api/integrations';

export interface CatalogueDefinition {
  id: string;
  name: string;
  description: string;
  permissions: readonly string[];
  pages: readonly IntegrationPage[];
  settings: readonly IntegrationSettingField[];
  /** Installed and active in every project (no row = active); an admin may deactivate it. */
  default_active: boolean;
  /** Spec section 3 "Integration" template.renderevents: the widgets (module/type) it renders into. */
  renderevents: readonly string[];
}

export const INTEGRATION_CATALOGUE: readonly CatalogueDefinition[] = [
  {
    id: MEDIA_INTEGRATION_ID,
    name: 'Media library',
    description:
      'Libraries of files on the local disk or in S3-compatible storage: directories, resumable uploads, previews and share links; ' +
      'the image, file and carousel widgets pick files from them.',
    permissions: Object.values(MEDIA_PERMISSION),
    pages: [{ path: integrationPagePath(MEDIA_INTEGRATION_ID), label: 'Media library', home_path: integrationPagePath(MEDIA_INTEGRATION_ID, 'home') }],
    settings: [],
    default_active: true,
    renderevents: ['input/image', 'input/imagev2', 'input/file', 'image/carousel'],
  },
];

/** The catalogue entry with that id, or undefined (an own property only: '__proto__' is no id). */
export function catalogueEntry(id: unknown): CatalogueDefinition | undefined {
  if (typeof id !== 'string') return undefined;
  return INTEGRATION_CATALOGUE.find((entry) => entry.id === id);
}
