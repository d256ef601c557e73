// Paths of the site that are never a screen of the browser app. The server answers an unknown one
// with the JSON 404 instead of the app's page (src/server/hosts/spa.ts), and the service worker never
// answers a navigation to one from its cache (pwa.config.ts navigateFallbackDenylist).

/** Where every host of spec section 7 lives (runtime/api/contract.ts HOST_PREFIX): all under /api. */
export const API_PREFIX = '/api';

/**
 * First path segments that name a call, never a screen (spec section 2 has no route under them):
 * the product's own prefix (`/luma/appservice/...`, the forge bundles `/luma/forge/bundle/...`),
 * ratchet's base path, the spec's host paths written without /api (`/v3/system/...`, `/dms/...`,
 * `/workflow/...`), the SDK types and the media file URLs.
 */
export const NOT_APP_SEGMENTS = ['luma', 'ratchet', 'v1', 'v2', 'v3', 'v1system', 'dms', 'media', 'workflow', 'spark', 'types', 'integration', 'transaction', 'bus'] as const;
