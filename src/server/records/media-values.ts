// The media values of a record write (spec section 3 "Values"; docs/media-widgets.md): every URL an
// image, image v2, file or carousel field holds must be a file path of a media library of the record's
// own project ('/media/library/{uuid}/get/{key}', the key inside its library) or an external http(s)
// URL. A library of another project reads as unknown, like a forged uuid anywhere else.
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import { classifyMediaUrl, MEDIA_RENDERERS, mediaUrlsOf, parseLibraryUrl } from '../../../runtime/media/mediaValues';
import { MEDIA_VALUE_MESSAGE } from '../../../runtime/media/mediaMessages';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export interface MediaProblem {
  field: string;
  message: string;
}

/** The media fields whose new value points outside the project or is not a URL the widgets store. */
export async function mediaProblems(
  db: Db,
  projectUuid: string,
  view: ViewSchema,
  next: Record<string, unknown>,
  stored: Record<string, unknown> | null,
  skip: ReadonlySet<string>,
): Promise<MediaProblem[]> {
  const problems: MediaProblem[] = [];
  const wanted = new Map<string, string[]>();
  for (const field of view.fields) {
    if (!MEDIA_RENDERERS.has(field.renderer) || skip.has(field.key)) continue;
    const value = next[field.key];
    // A value the record already held is not judged again (a library removed later does not lock the record).
    if (stored && isDeepStrictEqual(value, stored[field.key])) continue;
    const urls = mediaUrlsOf(field.renderer, value);
    if (urls.some((url) => classifyMediaUrl(url) === 'invalid')) {
      problems.push({ field: field.key, message: MEDIA_VALUE_MESSAGE.invalidMediaUrl });
      continue;
    }
    const libraries = urls.map((url) => parseLibraryUrl(url)?.libraryUuid).filter((uuid): uuid is string => !!uuid);
    if (libraries.length > 0) wanted.set(field.key, libraries);
  }
  if (wanted.size === 0) return problems;
  const uuids = [...new Set([...wanted.values()].flat())];
  const rows = await db.selectFrom('media_libraries').select('uuid').where('project_uuid', '=', projectUuid).where('uuid', 'in', uuids).execute();
  const ours = new Set(rows.map((row) => row.uuid.toLowerCase()));
  for (const [field, libraries] of wanted) {
    if (libraries.some((uuid) => !ours.has(uuid))) problems.push({ field, message: MEDIA_VALUE_MESSAGE.libraryNotInProject });
  }
  return problems;
}
