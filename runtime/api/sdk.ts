// GET /types/luma-sdk.d.ts (docs/user-code.md, "SDK types and the code editor"): the path, and the
// route's schemas. At the root, not under /api: it is a file the editor and developers load.
import { SCRIPT_KIND_NAMES } from '../script/sdk/kinds';
import { closed, replies } from './schemas';

export { SDK_TYPES_PATH, sdkTypesUrl } from './sdkTypesPath';

export const sdkTypesQuery = closed(
  { kind: { type: 'string', enum: SCRIPT_KIND_NAMES, description: "a script kind: its names are added as globals (without it, every kind's names as interfaces)" } },
  [],
);

export const sdkTypesReplies = replies({
  200: { type: 'string', description: 'the TypeScript declarations (application/typescript)' },
  304: { type: 'null', description: 'not modified (If-None-Match matched the ETag)' },
});
