// The records a Recycle event runs for: the ruleset is a filter in the record list's $adv syntax,
// parsed and compiled by the list's own code (runtime/query, records/list-sql), oldest first.
import { PathCatalogue } from '../../../runtime/query/index';
import { parseAdv } from '../../../runtime/query/parseAdv';
import { recordBatch } from '../records/list-sql';
import { compileFor, envSettingsOrNull } from '../records/view';
import type { RecycleFilter } from './record-events';

export const recycleFilter: RecycleFilter = async (db, target, ruleset, limit) => {
  const row = await db.selectFrom('components').selectAll().where('uuid', '=', target.componentUuid).executeTakeFirst();
  if (!row) return [];
  const settings = await envSettingsOrNull(db, row, target.env);
  if (!settings) return [];
  const view = compileFor(row, settings, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_edit' });
  const parsed = parseAdv(ruleset, new PathCatalogue(view));
  if (!parsed.ok) return [];
  const scope = { projectUuid: target.projectUuid, componentUuid: target.componentUuid, env: target.env };
  return recordBatch(db, scope, { search: null, disabled: false, date: null, adv: parsed.value }, null, limit);
};
