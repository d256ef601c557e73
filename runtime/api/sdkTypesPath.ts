// Where the SDK types are served (runtime/api/sdk.ts declares the route). A module of its own, so the
// browser (the developer page, the editor's worker) takes the path without the route schemas.
export const SDK_TYPES_PATH = '/types/luma-sdk.d.ts';

/** The URL of the d.ts of one script kind (what the editor loads). */
export function sdkTypesUrl(kind?: string): string {
  return kind ? `${SDK_TYPES_PATH}?kind=${encodeURIComponent(kind)}` : SDK_TYPES_PATH;
}
