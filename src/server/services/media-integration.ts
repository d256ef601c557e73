// Whether the luma-media integration is active in a project (docs/media.md "The integration"):
// active by default (no row); an admin deactivates it on the integration host (helper I's
// services/integrations.ts writes the row). The media host only reads it.
import type { Kysely } from 'kysely';
import { MEDIA_INTEGRATION_ID, MEDIA_MESSAGE } from '../../../runtime/api/media';
import type { Database } from '../db/schema';
import { forbidden } from '../errors';

export async function isMediaIntegrationActive(db: Kysely<Database>, projectUuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('integrations')
    .select('disabled')
    .where('project_uuid', '=', projectUuid)
    .where('id', '=', MEDIA_INTEGRATION_ID)
    .executeTakeFirst();
  return row?.disabled !== true;
}

/** 403 'integrationDisabled' when the project's luma-media integration is deactivated. */
export async function requireMediaIntegration(db: Kysely<Database>, projectUuid: string): Promise<void> {
  if (!(await isMediaIntegrationActive(db, projectUuid))) throw forbidden(MEDIA_MESSAGE.integrationDisabled);
}
