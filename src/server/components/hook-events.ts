// What the components announce through the hook registry (platform/hooks.ts, docs/platform.md
// "Hooks"), so that what lives above them (the records' partition and indexes, the event outbox, the
// list caches) follows a component's life without the components importing it:
// - filter `components.create`: a component's row is inserted (created or cloned), in its transaction;
// - filter `components.settings`: a version's settings are written (saved, or copied by a clone);
// - filter `components.deploy`: an environment now points to a version (publish);
// - filter `components.diff`: the diff from what is live to a version is answered (a read, no
//   transaction): the records add the live records' fate to it (docs/components.md "The records' fate");
// - action `components.create`, `components.clone`, `components.settings`, `components.deploy`,
//   `components.fork` (a version forked), `components.version.remove` and `components.delete`,
//   after the commit.
// A filter hook may refuse by throwing (409 uniqueIndexConflict from the records' unique indexes):
// the component's transaction then changes nothing.
import type { ComponentSettings } from '../../../schemas/index';
import type { Accountability } from '../auth/tenancy';
import type { ComponentRow } from '../db/schema';
import type { VersionDiff } from '../../../runtime/api/components';

/** Who changes the component. */
export interface ComponentWrite {
  accountability: Accountability;
}

/** The component (as read before the change, locked), after the commit. */
export interface ComponentChanged {
  component: ComponentRow;
}

declare module '../platform/hooks' {
  interface FilterEvents {
    'components.create': { payload: { component: ComponentRow }; meta: ComponentWrite };
    /** `component` as it points its environments (dev_version, public_version) while the settings are written. */
    /** `previous`: the version's settings before this write (a clone's: the settings it copies). */
    'components.settings': { payload: { component: ComponentRow; version: string; settings: ComponentSettings; previous: ComponentSettings }; meta: ComponentWrite };
    /** `component` as it was before the environment's pointer moved. */
    'components.deploy': { payload: { component: ComponentRow; env: 'dev' | 'live'; version: string; settings: ComponentSettings }; meta: ComponentWrite };
    /** The diff from the live version (`component.public_version`) to `newer`; a hook may answer it with more (the fate). */
    'components.diff': { payload: { component: ComponentRow; newer: ComponentSettings; diff: VersionDiff }; meta: ComponentWrite };
  }
  interface ActionEvents {
    'components.create': ComponentChanged;
    'components.clone': ComponentChanged;
    'components.settings': ComponentChanged;
    'components.deploy': ComponentChanged;
    'components.fork': ComponentChanged;
    'components.version.remove': ComponentChanged;
    'components.delete': ComponentChanged;
  }
}
