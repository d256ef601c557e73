// The installable app (docs/platform.md "Installable app"): vite-plugin-pwa's options for the web app
// manifest and the Workbox service worker (generateSW). The worker precaches the built app (the
// shell: index.html, every script and style of this build, the icons) and answers a navigation with
// the precached index.html, except under the API and every other path that is not a screen
// (runtime/api/paths.ts). It has no runtime caching: an API answer (user data) is never stored, every
// call goes to the network as if there were no worker.
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { API_PREFIX, NOT_APP_SEGMENTS } from './runtime/api/paths.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Navigations the worker leaves to the network: the API, the call-only segments, a public app's own calls. */
export const NAVIGATE_FALLBACK_DENYLIST: RegExp[] = [API_PREFIX, ...NOT_APP_SEGMENTS.map((segment) => `/${segment}`), '/__public-app'].map(
  (prefix) => new RegExp(`^${escape(prefix)}(?:[/?#]|$)`, 'i'),
);

export const PWA_OPTIONS: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  // A new worker waits until every tab of the old one is closed (no reload under someone's unsaved
  // form); the old build stays whole meanwhile, since its every script is in its precache.
  registerType: 'prompt',
  // main.tsx registers the worker itself (virtual:pwa-register), after the first render.
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['icon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Luma',
    short_name: 'Luma',
    description: 'Luma, the low-code admin platform',
    start_url: '/admin/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#5b4ff5',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    // The shell and every chunk of this build (the .br/.gz twins are the server's business). The
    // public-app page belongs to other hostnames, where this worker is never registered.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // Left to the network when asked: the code editor's TypeScript worker (about 4 MB), the API
    // reference's Swagger UI and the workflow canvas's graph layout (about 1.5 MB each) — rarely
    // opened, and together more than the rest of the app.
    globIgnores: ['**/public-app.html', '**/*.map', '**/tsWorker-*.js', '**/swagger-ui-*.js', '**/elk.bundled-*.js'],
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: NAVIGATE_FALLBACK_DENYLIST,
    // Nothing the app asks at run time is cached by the worker: no API answer, no media file.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    // Hashed file names already change with their content.
    dontCacheBustURLsMatching: /^assets\//,
  },
};
