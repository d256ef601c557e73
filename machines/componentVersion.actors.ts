// Side effects of the componentVersion machine. Each takes the `api` from its input, so the app
// passes real calls (runtime/client/components.ts) and tests pass fakes (or swap the actors with machine.provide).
import { fromPromise } from 'xstate';
import type { Environment } from '../runtime/api/contract';

/** The version part of a component as the API answers it (Component and ComponentModel have it). */
export interface VersionState {
  versions: string[];
  dev_version: string | null;
  public_version: string | null;
}

/** The calls the machine needs (docs/components.md, "Calls"); each answers the component's new version state. */
export interface ComponentVersionApi {
  /** POST /v3/system/component/version/fork {name, from, ref} */
  fork(args: { ref: string; name: string; from: string }): Promise<VersionState>;
  /** POST /v3/system/component/version/fork/schema {schema, version, ref} */
  forkFromSchema(args: { ref: string; name: string; schema: unknown }): Promise<VersionState>;
  /** POST /v3/system/component/version/publish {version, env, ref} */
  publish(args: { ref: string; version: string; env: Environment }): Promise<VersionState>;
  /** POST /v3/system/component/version/remove {version, ref} */
  remove(args: { ref: string; version: string }): Promise<VersionState>;
}

export type ActorInput<T> = { api: ComponentVersionApi; ref: string } & T;

export const forkVersion = fromPromise<VersionState, ActorInput<{ name: string; from: string }>>(({ input }) =>
  input.api.fork({ ref: input.ref, name: input.name, from: input.from }),
);

export const forkFromSchema = fromPromise<VersionState, ActorInput<{ name: string; schema: unknown }>>(({ input }) =>
  input.api.forkFromSchema({ ref: input.ref, name: input.name, schema: input.schema }),
);

export const publishVersion = fromPromise<VersionState, ActorInput<{ version: string; env: Environment }>>(({ input }) =>
  input.api.publish({ ref: input.ref, version: input.version, env: input.env }),
);

export const removeVersion = fromPromise<VersionState, ActorInput<{ version: string }>>(({ input }) =>
  input.api.remove({ ref: input.ref, version: input.version }),
);
