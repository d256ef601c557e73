// The media host's check that the luma-media integration is active in a project (docs/media.md "The
// integration"): the integration host's own reading of its row (integrations/integrations.ts).
import type { Kysely } from 'kysely';
import { MEDIA_INTEGRATION_ID, MEDIA_MESSAGE } from '../../../runtime/api/media';
import type { Database } from '../db/schema';
import { forbidden } from '../platform/errors';
import { isIntegrationActiveIn } from '../integrations/integrations';

/** 403 'integrationDisabled' when the project's luma-media integration is deactivated. */
export async function requireMediaIntegration(db: Kysely<Database>, projectUuid: string): Promise<void> {
  if (!(await isIntegrationActiveIn(db, projectUuid, MEDIA_INTEGRATION_ID))) throw forbidden(MEDIA_MESSAGE.integrationDisabled);
}
