// What every step of an apply is given: who applies, in which language, the spark limit, and the
// project's workspaces by name (a snapshot links components and apps to workspaces by name).
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import type { Accountability } from '../auth/tenancy';
import { HttpError } from '../platform/errors';
import { itemName, type Item } from './prepare';

export interface ApplyContext {
  accountability: Accountability;
  locale: string | undefined;
  sparkLimit: number;
  /** The uuids of the named workspaces of the project; 417 at `field` for a name it does not have. */
  workspaceUuids(names: unknown, field: string): string[];
}

export function applyContext(accountability: Accountability, locale: string | undefined, sparkLimit: number, workspaces: { uuid: string; name: string }[]): ApplyContext {
  return {
    accountability,
    locale,
    sparkLimit,
    workspaceUuids(names, field) {
      if (!Array.isArray(names)) throw new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field, messages: [COMPONENT_MESSAGE.invalidInput] }]);
      return names.map((name, index) => {
        const found = workspaces.find((workspace) => workspace.name === name);
        if (!found) throw new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field: `${field}.${index}`, messages: [COMPONENT_MESSAGE.invalidSelection], values: [{ name: String(name) }] }]);
        return found.uuid;
      });
    },
  };
}

/** A refusal at an item: its field is named with the part and the item (components.orders.name). */
export function at(part: string, item: Item, error: unknown): never {
  if (!(error instanceof HttpError)) throw error;
  const prefix = `${part}.${itemName(part, item)}`;
  const errors = (error.errors?.length ? error.errors : [{ field: '', messages: [error.message] }]).map((entry) => ({
    ...entry,
    field: entry.field.startsWith(`${part}.`) ? entry.field : entry.field ? `${prefix}.${entry.field}` : prefix,
  }));
  throw new HttpError(error.status, error.message, errors, error.headers);
}
