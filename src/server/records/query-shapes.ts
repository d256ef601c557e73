// The shape of a list query (docs/lists.md "Self-tuning indexes"): which data fields it filters,
// searches and sorts on, and the field indexes (records/field-indexes-sql) that would answer it.
// Values are not part of a shape (`qty >= 90` and `qty >= 10` are one shape), except the item of a
// choice field compared for equality, whose partial index holds only that item's records.
import type { Condition, ListQuery, QueryPath } from '../../../runtime/query/index';
import { isSearchable } from '../../../runtime/query/index';
import type { ViewField } from '../../../schemas/viewSchema.schema';
import type { FieldIndexKind } from './field-indexes-sql';
import { btreeKind, choiceItems } from './indexes';

export interface IndexNeed {
  key: string;
  kind: FieldIndexKind;
  /** choice: the item. */
  value?: string;
}

export interface QueryShape {
  /** 'filter:qty;range:price;search:name;sort:price': sorted, so one shape has one key. */
  key: string;
  filtered: string[];
  searched: string[];
  sorted: string[];
  needs: IndexNeed[];
}

type Use = 'sort' | 'range' | 'eq' | 'filter' | 'search';

const RANGE_OPS = new Set(['gt', 'gte', 'lt', 'lte']);

class ShapeBuilder {
  readonly parts = new Set<string>();
  readonly filtered = new Set<string>();
  readonly searched = new Set<string>();
  readonly sorted = new Set<string>();
  readonly needs = new Map<string, IndexNeed>();

  constructor(private readonly fields: ReadonlyMap<string, ViewField>) {}

  use(path: QueryPath, use: Use, value?: unknown): void {
    if (path.source !== 'data') return;
    const field = this.fields.get(path.key);
    if (!field) return;
    if (use === 'sort') this.sorted.add(path.key);
    else if (use === 'search') this.searched.add(path.key);
    else this.filtered.add(path.key);
    const choice = use === 'eq' && typeof value === 'string' && choiceItems(field).includes(value);
    this.parts.add(choice ? `eq:${path.key}=${value}` : `${use}:${path.key}`);
    if (choice) this.need({ key: path.key, kind: 'choice', value: value as string });
    else if (use === 'search') {
      if (isSearchable(field)) this.need({ key: path.key, kind: 'search' });
    } else if (use !== 'filter') {
      const btree = btreeKind(field);
      if (btree) this.need({ key: path.key, kind: btree });
    }
  }

  private need(need: IndexNeed): void {
    this.needs.set(`${need.key}|${need.kind}|${need.value ?? ''}`, need);
  }

  condition(condition: Condition): void {
    switch (condition.op) {
      case 'and':
      case 'or':
        for (const item of condition.items) this.condition(item);
        return;
      case 'eq':
        return this.use(condition.path, 'eq', condition.value);
      case 'ne':
      case 'exists':
      case 'regex':
      case 'nin':
        return this.use(condition.path, 'filter');
      case 'in':
        return this.use(condition.path, 'eq');
      default:
        return this.use(condition.path, RANGE_OPS.has(condition.op) ? 'range' : 'filter');
    }
  }
}

/** The shape of `query` over the caller's view fields; null when it names no data field (the parent's indexes answer it). */
export function queryShapeOf(query: ListQuery, fields: readonly ViewField[]): QueryShape | null {
  const builder = new ShapeBuilder(new Map(fields.map((field) => [field.key, field])));
  builder.use(query.sort.path, 'sort');
  for (const path of query.search?.on ?? []) builder.use(path, 'search');
  if (query.date) builder.use(query.date.path, 'range');
  if (query.adv) builder.condition(query.adv);
  if (query.aggregate?.match) builder.condition(query.aggregate.match);
  if (builder.parts.size === 0) return null;
  return {
    key: [...builder.parts].sort().join(';').slice(0, 1000),
    filtered: [...builder.filtered].sort(),
    searched: [...builder.searched].sort(),
    sorted: [...builder.sorted].sort(),
    needs: [...builder.needs.values()],
  };
}
