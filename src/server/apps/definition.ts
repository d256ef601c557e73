// An app version's definition as stored: checked against its rules (runtime/api/apps.ts), every
// component block naming one of the project's components, every widget block one of the project's
// widgets, and text blocks' HTML sanitised with the
// rich-text rules of records (records/html.ts) so a page never carries script.
import type { Kysely } from 'kysely';
import { checkAppDefinition, type AppDefinition } from '../../../runtime/api/apps';
import type { FieldError } from '../../../runtime/api/contract';
import type { Database } from '../db/schema';
import { fieldsNotValid } from '../platform/errors';
import { findComponentByRef } from '../components/model';
import { sanitizeRichHtml } from '../records/html';
import { findWidget } from '../widgets/sql';

type Db = Kysely<Database>;

export async function storableDefinition(db: Db, projectUuid: string, value: unknown): Promise<AppDefinition> {
  const { definition, errors } = checkAppDefinition(value);
  const refErrors: FieldError[] = [];
  const known = new Map<string, boolean>();
  const knownWidgets = new Map<string, boolean>();
  for (const [pageIndex, page] of definition.pages.entries()) {
    for (const [blockIndex, block] of page.blocks.entries()) {
      if (block.kind === 'text') {
        block.html = sanitizeRichHtml(block.html);
        continue;
      }
      if (block.kind === 'widget') {
        if (!knownWidgets.has(block.widget)) knownWidgets.set(block.widget, (await findWidget(db, projectUuid, block.widget)) !== undefined);
        if (!knownWidgets.get(block.widget)) refErrors.push({ field: `definition.pages[${pageIndex}].blocks[${blockIndex}].widget`, messages: ['invalidSelection'] });
        continue;
      }
      if (!known.has(block.ref)) known.set(block.ref, (await findComponentByRef(db, projectUuid, block.ref)) !== undefined);
      if (!known.get(block.ref)) refErrors.push({ field: `definition.pages[${pageIndex}].blocks[${blockIndex}].ref`, messages: ['invalidSelection'] });
    }
  }
  if (errors.length + refErrors.length > 0) throw fieldsNotValid([...errors, ...refErrors]);
  return definition;
}
