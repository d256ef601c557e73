// GET /v1/system/resources (spec section 7; docs/platform.md "Resources"): what the caller's project
// holds and the limits it counts against. Admins of the project.
import { closed, stringSchema } from './schema-kit';

export interface ProjectResources {
  project_uuid: string;
  components: number;
  /** Records not deleted, in both environments. */
  records: number;
  workflows: number;
  /** Global functions. */
  functions: number;
  sparks: { count: number; limit: number };
  widgets: number;
  /** Platform apps. */
  apps: number;
  public_apps: { count: number; limit: number };
  media: { libraries: number; files: number; bytes: number };
  /** People in the project (members and admins). */
  users: number;
  api_users: number;
}

const count = { type: 'integer', minimum: 0 } as const;
const limited = closed({ count, limit: count }, ['count', 'limit']);

export const projectResourcesSchema = closed(
  {
    project_uuid: stringSchema,
    components: count,
    records: count,
    workflows: count,
    functions: count,
    sparks: limited,
    widgets: count,
    apps: count,
    public_apps: limited,
    media: closed({ libraries: count, files: count, bytes: count }, ['libraries', 'files', 'bytes']),
    users: count,
    api_users: count,
  },
  ['project_uuid', 'components', 'records', 'workflows', 'functions', 'sparks', 'widgets', 'apps', 'public_apps', 'media', 'users', 'api_users'],
);
