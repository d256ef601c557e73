// The component calls' wire shapes (docs/components.md), shared by the server and the browser client.
import type { ActionDefinition, ComponentSettings, FieldDefinition, FunctionDefinition, Preset } from '../../schemas';

export interface Dependency {
  /** A component with a relation to this one, or a workflow that runs on it or writes into it. */
  kind: 'component' | 'workflow';
  uuid: string;
  name: string;
  ref: string;
}

export interface Component {
  uuid: string;
  name: string;
  scope: string | null;
  tag: string | null;
  ref: string;
  label: Record<string, string>;
  displayName: string;
  icon: string | null;
  sort: number;
  is_public: boolean;
  is_active: boolean;
  is_custom: boolean;
  public_version: string | null;
  dev_version: string | null;
  versions: string[];
  dependencies: Dependency[];
  props: Record<string, unknown>;
  workspaces: { uuid: string; name: string }[];
  CreatedAt: string;
  UpdatedAt: string;
}

export type ComponentModel = Component & { settings: ComponentSettings };

export interface MenuItem {
  uuid: string;
  name: string;
  scope: string | null;
  ref: string;
  label: Record<string, string>;
  displayName: string;
  icon: string | null;
  sort: number;
  is_active: boolean;
}

/** POST /v3/system/component */
export interface CreateComponentBody {
  name: string;
  label: Record<string, string>;
  scope: string | null;
  tag: string | null;
}

/**
 * One property that differs between two versions (docs/components.md "Version diff"). `property` is a
 * dotted path from the item (`type`, `constraints.required`, `roles.see`, `appearance.icon`...).
 * `from` is left out where the older side has no such property, `to` where the newer has none.
 */
export interface VersionPropertyChange {
  property: string;
  /** What the property is, for the screens and the summary: a field's properties are grouped. */
  group: VersionChangeGroup;
  /** For a constraint or rule: does the newer version accept less (tightened) or more (loosened)? */
  effect?: 'tightened' | 'loosened';
  from?: unknown;
  to?: unknown;
}

export type VersionChangeGroup = 'type' | 'key' | 'constraints' | 'rules' | 'relation' | 'roles' | 'hidden' | 'other';

/** A field present in both versions (paired by key, then by name: a renamed key is a `key` change). */
export interface VersionFieldChange {
  /** The field's key in the older version (the newer one's is the `key` change, when it differs). */
  key: string;
  name: string;
  changes: VersionPropertyChange[];
}

/** An item present in both versions, paired by name (a preset, action or function). */
export interface VersionItemChange {
  name: string;
  changes: VersionPropertyChange[];
}

/** One list of a version: what the newer has that the older has not, the reverse, and what differs. */
export interface VersionListDiff<Item, Change> {
  added: Item[];
  removed: Item[];
  changed: Change[];
  /** The identities (field keys, item names) in the newer version's order, when the order itself changed; else null. */
  order: string[] | null;
}

/** GET /v3/system/component/version/diff: what going from version `from` to version `to` changes. */
export interface VersionDiff {
  component: string;
  /** The older version's name; null when there is none (diff against live before anything is live). */
  from: string | null;
  to: string;
  fields: VersionListDiff<FieldDefinition, VersionFieldChange>;
  presets: VersionListDiff<Preset, VersionItemChange>;
  actions: VersionListDiff<ActionDefinition, VersionItemChange>;
  functions: VersionListDiff<FunctionDefinition, VersionItemChange>;
  /** The model's events (what workflows link to): names added and removed, sorted; `order` as above. */
  events: { added: string[]; removed: string[]; order: string[] | null };
  appearance: VersionPropertyChange[];
  /** The config, as a whole: `{ property: 'config', from, to }` when it differs. */
  config: VersionPropertyChange[];
  /** Every other part: list, model (besides events), routes, integrations, templates, templates_dist. */
  other: VersionPropertyChange[];
  /** The counts the summary line is built from (runtime/components/versionDiffSummary.ts). */
  summary: VersionDiffCounts;
  /**
   * The live records' fate (docs/components.md "The records' fate"): only in the diff from what is
   * live (`from` left out) once something is live; counted by the server over the live records.
   */
  fate?: VersionFate;
}

/**
 * A rule of the newer version a live record's value breaks; `removed`: the field is gone with its
 * value; `lost`: the value does not convert to the newer type and reads as empty (text in a number field).
 */
export type FateRule =
  | 'removed'
  | 'lost'
  | 'type'
  | 'required'
  | 'minLength'
  | 'maxLength'
  | 'notAllowedWords'
  | 'regex'
  | 'email'
  | 'time'
  | 'min'
  | 'max'
  | 'oneOf'
  | 'unique';

/** One field's rule and how many live records break it. */
export interface FateCount {
  field: string;
  rule: FateRule;
  count: number;
}

/** What going live with the newer version does to the records live now. */
export interface VersionFate {
  /** The live records (not deleted). */
  records: number;
  /** Live records the newer version would refuse (a rule of a new or changed field, a type their value does not convert to, a duplicate of a new unique field). */
  refused: number;
  /** Live records holding a value in a field the newer version removes, or one its newer type reads as empty. */
  losing: number;
  /** Per field and rule, the records that break it (only the ones some record breaks), sorted by field then rule. */
  counts: FateCount[];
  /** The first records (oldest first, at most 10) with every field and rule each breaks (sorted by field, then rule). */
  first: { uuid: string; breaks: { field: string; rule: FateRule }[] }[];
  /** Tightened or changed fields whose rules the server cannot count in SQL (a rich text's length, a nested table...): the screen says they were not counted. */
  uncounted: string[];
  /** Counting took longer than the bound (FATE_TIMEOUT_MS, PostgreSQL): nothing was counted, every checked field is in `uncounted`. */
  timed_out?: true;
}

export interface VersionDiffCounts {
  fieldsAdded: number;
  fieldsRemoved: number;
  fieldsChanged: number;
  /** Changed fields with a change besides their type and their tightened or loosened constraints (a key, a role, hidden...). */
  fieldsOtherwiseChanged: number;
  typesChanged: number;
  constraintsTightened: number;
  constraintsLoosened: number;
  /** Presets, actions and functions added, removed or changed; events added or removed. */
  itemsChanged: number;
  /** Appearance, config and other parts' properties that differ. */
  settingsChanged: number;
}
