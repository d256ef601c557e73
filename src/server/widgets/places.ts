// Where widgets are placed (docs/widgets.md "Places"): per project, the admin dashboard's widgets and
// the home page's, each in order. Every member reads them; admins set them. A removed widget leaves
// its places with it (a foreign key).
import type { Kysely } from 'kysely';
import { WIDGET_LIMITS, WIDGET_PLACES, type WidgetPlaces } from '../../../runtime/api/widgets';
import type { Database } from '../db/schema';
import { fieldsNotValid } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { requireAdmin } from '../iam/access';
import { requireProject, type Accountability } from '../auth/tenancy';
import { listWidgets, placesOf, setPlace } from './sql';

type Db = Kysely<Database>;

export async function readPlaces(db: Db, accountability: Accountability): Promise<WidgetPlaces> {
  const places: WidgetPlaces = { dashboard: [], home: [] };
  for (const row of await placesOf(db, requireProject(accountability))) places[row.place].push(row.widget_uuid);
  return places;
}

/** Sets the places the body names (the others stay): each a list of the project's widget uuids, no repeats. */
export async function writePlaces(db: Db, accountability: Accountability, body: unknown): Promise<WidgetPlaces> {
  const projectUuid = requireAdmin(accountability);
  const given = bodyObject(body);
  const known = new Set((await listWidgets(db, projectUuid)).map((row) => row.uuid));
  const errors: { field: string; messages: string[] }[] = [];
  const wanted: [(typeof WIDGET_PLACES)[number], string[]][] = [];
  for (const place of WIDGET_PLACES) {
    const value = given[place];
    if (value === undefined) continue;
    const list = Array.isArray(value) && value.every((uuid) => typeof uuid === 'string') ? value.map((uuid: string) => uuid.toLowerCase()) : null;
    if (list === null || list.length > WIDGET_LIMITS.perPlace || new Set(list).size !== list.length || !list.every((uuid) => isUuid(uuid) && known.has(uuid))) {
      errors.push({ field: place, messages: ['invalid'] });
    } else wanted.push([place, list]);
  }
  if (errors.length > 0) throw fieldsNotValid(errors);
  for (const [place, list] of wanted) await setPlace(db, projectUuid, place, list);
  return readPlaces(db, accountability);
}
