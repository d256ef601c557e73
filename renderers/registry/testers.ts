// Testers rank how well a renderer fits a field: rankWith(RANK.exact, moduleTypeIs('select', 'text')).
import type { ViewField } from '../../schemas/viewSchema.schema';
import { RANK } from './rank';

export type Tester = (field: ViewField) => number;
export type FieldPredicate = (field: ViewField) => boolean;

/** A tester that answers `rank` when the predicate holds, else RANK.notApplicable. */
export function rankWith(rank: number, predicate: FieldPredicate): Tester {
  return (field) => (predicate(field) ? rank : RANK.notApplicable);
}

/** module/type match; without a type, any type of the module. */
export function moduleTypeIs(module: string, type?: string): FieldPredicate {
  return (field) => field.module === module && (type === undefined || field.type === type);
}

/** The field's key is one of these (a renderer for particular fields). */
export function keyIs(...keys: string[]): FieldPredicate {
  return (field) => keys.includes(field.key);
}

export function and(...predicates: FieldPredicate[]): FieldPredicate {
  return (field) => predicates.every((p) => p(field));
}

export function or(...predicates: FieldPredicate[]): FieldPredicate {
  return (field) => predicates.some((p) => p(field));
}
