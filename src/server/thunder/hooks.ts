// What thunder subscribes to in the hook registry (docs/platform.md "Hooks", docs/thunder.md
// "Builds"): after the commit of any write of a component's records (a record's create, change or
// removal, an import, a bulk action or one batch of a bulk job), the builds of the sets that follow
// that component in that environment are queued, debounced (thunder/build.ts requestBuild); after a
// change of the component's settings or a deploy, those of both environments. A set
// already queued is not queued again, so an import is one build. A failure to queue never fails the
// write, which has committed: it is logged, and the schedule's tick queues a lost build again.
import type { HookRegistry } from '../platform/hooks';
import { componentChanged } from './build';

type Log = (error: unknown, message: string) => void;

/** Subscribes thunder to the records' writes (instance.ts, once per process). */
export function registerThunderHooks(registry: HookRegistry, log: Log = (error, message) => console.error(message, error)): void {
  const follow = (componentUuid: string, env: 'dev' | 'live', db: Parameters<typeof componentChanged>[0]) =>
    componentChanged(db, componentUuid, env).catch((error: unknown) => log(error, 'thunder: queueing a rebuild failed'));
  for (const event of ['records.create', 'records.update', 'records.delete', 'records.import'] as const) {
    registry.onAction(event, ({ write }, { db }) => follow(write.target.scope.componentUuid, write.target.scope.env, db));
  }
  registry.onAction('records.bulk', ({ write, affected }, { db }) => (affected > 0 ? follow(write.scope.componentUuid, write.scope.env, db) : undefined));
  // A change of the component's settings or of the version an environment shows can change what the
  // list answers (a field removed, a type, a role's hidden fields): the sets of both environments follow.
  for (const event of ['components.settings', 'components.deploy'] as const) {
    registry.onAction(event, async ({ component }, { db }) => {
      await follow(component.uuid, 'dev', db);
      await follow(component.uuid, 'live', db);
    });
  }
}
