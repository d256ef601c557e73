// The part of luma-sdk.d.ts every script kind shares: records, the record API, contexts, and the
// typed subsets of Lodash (lodash 4) and moment (dayjs 1) that every sandbox has.
//
// Why subsets: @types/lodash is about 700 KB of declarations (and dayjs's own types pull in its
// plugin tree); the editor's worker would download and parse all of it on every first open.
// The subsets name the methods scripts use most, with real signatures, so they complete and are
// checked; every other lodash method is still allowed (an index signature, typed loosely), so a
// valid script never gets a false error. docs/user-code.md, "SDK types and the code editor".

/** Field values are the project's own shapes, unknown to the SDK: `any` keeps a script free to use them. */
export const RECORDS_DTS = `/** A record's field values: field key -> value (the project's own fields). */
type LumaFields = Record<string, any>;

/** A record as the record API answers it: its system keys and its field values. */
type LumaRecord = LumaFields & {
  readonly uuid: string;
  /** The version to pass back to update() (optimistic locking). */
  readonly __version__: number;
  readonly created_at: string;
  readonly created_by: string | null;
  readonly updated_at: string;
  readonly updated_by: string | null;
  readonly disabled_at: string | null;
};

/** A component: its uuid, or "scope/name". */
type LumaRef = string;

/** List parameters, as GET /v3/system/component/{ref}/models takes them (docs/lists.md). */
interface LumaListParams {
  /** Default 0. */
  offset?: number;
  /** Default 10; -1 means all (never past the 5000th record). */
  limit?: number;
  /** A field key, or uuid, created_at, updated_at, disabled_at. */
  sortBy?: string;
  /** 1 or true: descending; -1 or false: ascending (the default). */
  sortDesc?: 1 | -1 | boolean;
  /** Search text (case-insensitive) on the fields named in filterOn. */
  filter?: string;
  /** Comma-separated field keys to search. */
  filterOn?: string;
  /** 1 or true: only disabled records. */
  disabled?: 0 | 1 | boolean;
  dateFrom?: string;
  dateTo?: string;
  dateField?: string;
  /** An advanced filter: {"$and": [...]}, {"$or": [...]}, {field: value | {$eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists, $regex}}. */
  $adv?: LumaFilter;
  /** An aggregation pipeline (the safe subset of docs/lists.md): the answer's items are its groups. */
  $aggregate?: object[];
}

type LumaValue = string | number | boolean | null;
type LumaFilter =
  | { $and: LumaFilter[] }
  | { $or: LumaFilter[] }
  | { [path: string]: LumaValue | LumaValue[] | LumaFilter[] | { [op: string]: LumaValue | LumaValue[] } };

/** A page of records: total is counted up to 5001. */
interface LumaList {
  items: LumaRecord[];
  total: number;
  pages: number;
}

/**
 * The record API of a script that has a component of its own (component functions, actions,
 * routes): ref defaults to that component. Calls are synchronous (they answer the value, and
 * \`await\` on one is allowed and changes nothing) and run with the caller's (or the API user's) permissions. A refusal throws an Error whose message is the service's message
 * key, with status and errors (the field errors of a 417) when it has them.
 */
interface LumaRecords {
  list(params?: LumaListParams, ref?: LumaRef): LumaList;
  get(uuid: string, ref?: LumaRef): LumaRecord;
  create(data: LumaFields, ref?: LumaRef): LumaRecord;
  update(uuid: string, data: LumaFields, version: number, ref?: LumaRef): LumaRecord;
}

/** The record API of a script without a component (global functions, sparks, workflows): ref is required. */
interface LumaRecordsByRef {
  list(params: LumaListParams | undefined, ref: LumaRef): LumaList;
  get(uuid: string, ref: LumaRef): LumaRecord;
  create(data: LumaFields, ref: LumaRef): LumaRecord;
  update(uuid: string, data: LumaFields, version: number, ref: LumaRef): LumaRecord;
}

/**
 * Custom events on the event bus (docs/event-bus.md "Custom events"): server-side scripts only.
 * The event is written with the run's other writes and delivered after they commit.
 */
interface LumaEvents {
  /**
   * Publishes \`{ref}.{name}.{env}\` for a script of a component (a workflow's: its component), seen by
   * who may read it, or \`custom.{name}.{env}\` for one without (seen by admins); answers its topic.
   * name: a letter, then up to 63 letters, digits, _ or -; not a platform event name (create, update,
   * delete, disable, enable, import, job, deploy, notification, run). payload: an object of at most
   * 64 KiB as JSON. A refusal throws (status 400, errors naming what is wrong).
   */
  publish(name: string, payload?: Record<string, any>): { readonly topic: string };
}

/** The project's global variables of the environment (/admin/environment); in the browser, only the non-secret ones. */
type LumaEnv = Readonly<Record<string, string>>;

/** The user who calls. */
interface LumaUser {
  readonly uuid: string;
  readonly email: string;
}

/** A field's context: its context entries, and env. */
interface LumaFieldContext {
  readonly env: LumaEnv;
  readonly [entry: string]: any;
}

/** The context of a browser-side condition. */
interface LumaBrowserContext {
  readonly env: LumaEnv;
  readonly user?: LumaUser;
}

/** The context of a workflow script: global variables and custom events (component nodes write records). */
interface LumaWorkflowContext {
  /** Global variables, secrets included. */
  readonly env: LumaEnv;
  /** Custom events of the workflow's component (a dry run lists them and writes none). */
  readonly events: LumaEvents;
}

/** The context of a server-side script without a component. */
interface LumaServerContext {
  /** Global variables, secrets included. */
  readonly env: LumaEnv;
  readonly records: LumaRecordsByRef;
  /** Custom events (custom.{name}.{env}: no component of its own). */
  readonly events: LumaEvents;
  readonly user?: LumaUser;
}

/**
 * The context of a global function: it always runs as its API user, whoever calls. Without an API
 * user (or with one no longer active in the project) records and events are absent.
 */
interface LumaGlobalFunctionContext {
  /** Global variables, secrets included. */
  readonly env: LumaEnv;
  /** The API user the function runs as, or null without one. */
  readonly user: LumaUser | null;
  /** The function itself. */
  readonly function: { readonly uuid: string; readonly name: string };
  /** The record API with the API user's rights; a global function has no component, so every call names ref. */
  readonly records?: LumaRecordsByRef;
  /** Custom events (custom.{name}.{env}: no component of its own). */
  readonly events?: LumaEvents;
}

/** The context of a server-side script of a component (actions, routes). */
interface LumaComponentContext {
  /** Global variables, secrets included. */
  readonly env: LumaEnv;
  /** The component's own records unless a ref is given. */
  readonly records: LumaRecords;
  /** Custom events of the component. */
  readonly events: LumaEvents;
  readonly user?: LumaUser;
}

/** The context of a component function. */
interface LumaFunctionContext extends LumaComponentContext {
  /** The component's JSON config. */
  readonly config: Record<string, any>;
}

/** An HTTP request to a component route. */
interface LumaRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly body: any;
}

/** console inside a server-side script: captured into the logs. */
interface LumaConsole {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
}
`;

export const LODASH_DTS = `/** lodash 4 as \`Lodash\`: the common methods typed; any other lodash 4 method is allowed. */
interface LumaLodash {
  get(object: any, path: string | (string | number)[], defaultValue?: any): any;
  set<T extends object>(object: T, path: string | (string | number)[], value: any): T;
  has(object: any, path: string | (string | number)[]): boolean;
  pick<T extends object>(object: T, ...paths: (string | string[])[]): Partial<T>;
  omit<T extends object>(object: T, ...paths: (string | string[])[]): Partial<T>;
  merge<T>(object: T, ...sources: any[]): T;
  cloneDeep<T>(value: T): T;
  isEqual(a: any, b: any): boolean;
  isEmpty(value: any): boolean;
  isNil(value: any): value is null | undefined;
  isString(value: any): value is string;
  isNumber(value: any): value is number;
  isArray(value: any): value is any[];
  isPlainObject(value: any): boolean;
  keys(object: any): string[];
  values<T>(object: Record<string, T> | T[]): T[];
  entries(object: any): [string, any][];
  map<T, R>(collection: T[] | null | undefined, iteratee: ((item: T, index: number) => R) | string): R[];
  filter<T>(collection: T[] | null | undefined, predicate: ((item: T, index: number) => unknown) | string | object): T[];
  find<T>(collection: T[] | null | undefined, predicate: ((item: T, index: number) => unknown) | string | object): T | undefined;
  some<T>(collection: T[] | null | undefined, predicate?: ((item: T) => unknown) | string | object): boolean;
  every<T>(collection: T[] | null | undefined, predicate?: ((item: T) => unknown) | string | object): boolean;
  reduce<T, R>(collection: T[] | null | undefined, iteratee: (acc: R, item: T, index: number) => R, accumulator: R): R;
  groupBy<T>(collection: T[] | null | undefined, iteratee: ((item: T) => unknown) | string): Record<string, T[]>;
  keyBy<T>(collection: T[] | null | undefined, iteratee: ((item: T) => unknown) | string): Record<string, T>;
  sortBy<T>(collection: T[] | null | undefined, ...iteratees: (((item: T) => unknown) | string)[]): T[];
  orderBy<T>(collection: T[] | null | undefined, iteratees: (((item: T) => unknown) | string)[] | string, orders?: ('asc' | 'desc')[] | 'asc' | 'desc'): T[];
  uniq<T>(array: T[] | null | undefined): T[];
  uniqBy<T>(array: T[] | null | undefined, iteratee: ((item: T) => unknown) | string): T[];
  flatten<T>(array: (T | T[])[] | null | undefined): T[];
  chunk<T>(array: T[] | null | undefined, size?: number): T[][];
  compact<T>(array: (T | null | undefined | false | 0 | '')[] | null | undefined): T[];
  difference<T>(array: T[] | null | undefined, ...values: T[][]): T[];
  intersection<T>(...arrays: T[][]): T[];
  union<T>(...arrays: T[][]): T[];
  first<T>(array: T[] | null | undefined): T | undefined;
  head<T>(array: T[] | null | undefined): T | undefined;
  last<T>(array: T[] | null | undefined): T | undefined;
  range(start: number, end?: number, step?: number): number[];
  sum(array: number[] | null | undefined): number;
  sumBy<T>(array: T[] | null | undefined, iteratee: ((item: T) => number) | string): number;
  max<T>(array: T[] | null | undefined): T | undefined;
  min<T>(array: T[] | null | undefined): T | undefined;
  round(n: number, precision?: number): number;
  clamp(n: number, lower: number, upper: number): number;
  camelCase(text?: string): string;
  kebabCase(text?: string): string;
  snakeCase(text?: string): string;
  startCase(text?: string): string;
  capitalize(text?: string): string;
  trim(text?: string, chars?: string): string;
  padStart(text?: string, length?: number, chars?: string): string;
  truncate(text?: string, options?: { length?: number; omission?: string; separator?: string | RegExp }): string;
  escape(text?: string): string;
  template(text?: string, options?: object): (data?: object) => string;
  toNumber(value: any): number;
  toString(value: any): string;
  [method: string]: (...args: any[]) => any;
}
declare const Lodash: LumaLodash;
`;

export const MOMENT_DTS = `type LumaDateUnit = 'millisecond' | 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year' | 'date'
  | 'ms' | 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'y';
type LumaDateInput = string | number | Date | LumaDate | null | undefined;

/** A dayjs 1 date (immutable: every change answers a new date). */
interface LumaDate {
  format(template?: string): string;
  add(value: number, unit?: LumaDateUnit): LumaDate;
  subtract(value: number, unit?: LumaDateUnit): LumaDate;
  startOf(unit: LumaDateUnit): LumaDate;
  endOf(unit: LumaDateUnit): LumaDate;
  set(unit: LumaDateUnit, value: number): LumaDate;
  get(unit: LumaDateUnit): number;
  isBefore(date?: LumaDateInput, unit?: LumaDateUnit): boolean;
  isAfter(date?: LumaDateInput, unit?: LumaDateUnit): boolean;
  isSame(date?: LumaDateInput, unit?: LumaDateUnit): boolean;
  diff(date?: LumaDateInput, unit?: LumaDateUnit, float?: boolean): number;
  isValid(): boolean;
  year(): number;
  year(value: number): LumaDate;
  month(): number;
  month(value: number): LumaDate;
  date(): number;
  date(value: number): LumaDate;
  day(): number;
  day(value: number): LumaDate;
  hour(): number;
  hour(value: number): LumaDate;
  minute(): number;
  minute(value: number): LumaDate;
  second(): number;
  second(value: number): LumaDate;
  millisecond(): number;
  millisecond(value: number): LumaDate;
  daysInMonth(): number;
  valueOf(): number;
  unix(): number;
  toDate(): Date;
  toISOString(): string;
  toJSON(): string;
  clone(): LumaDate;
}

/** dayjs 1 as \`moment\`. */
declare function moment(date?: LumaDateInput, format?: string): LumaDate;
declare namespace moment {
  function unix(seconds: number): LumaDate;
  function isDayjs(value: unknown): value is LumaDate;
}
`;
