// The service worker's options (pwa.config.ts; docs/platform.md "Installable app"): no runtime caching
// (no API answer is ever stored), and the navigation fallback never answers a path under the API or a
// call-only segment, while every screen of the route catalogue still gets the precached app.
import { describe, expect, it } from 'vitest';
import { NAVIGATE_FALLBACK_DENYLIST, PWA_OPTIONS } from '../../pwa.config';
import { HOST_PREFIX } from '../../runtime/api/contract';
import { NOT_APP_SEGMENTS } from '../../runtime/api/paths';
import { ROUTE_CATALOGUE, samplePath } from '../../src/app/routes/catalogue';

const denied = (path: string) => NAVIGATE_FALLBACK_DENYLIST.some((pattern) => pattern.test(path));

describe('the service worker options', () => {
  it('cache nothing at run time and precache the shell', () => {
    expect(PWA_OPTIONS.strategies).toBe('generateSW');
    expect(PWA_OPTIONS.workbox?.runtimeCaching ?? []).toEqual([]);
    expect(PWA_OPTIONS.workbox?.navigateFallback).toBe('/index.html');
    expect(PWA_OPTIONS.workbox?.globPatterns).toEqual(expect.arrayContaining([expect.stringContaining('js'), expect.stringContaining('html')]));
  });

  it('leave every host, the API and every call-only path to the network', () => {
    for (const prefix of Object.values(HOST_PREFIX)) {
      expect(denied(prefix), prefix).toBe(true);
      expect(denied(`${prefix}/v1/records/x`), prefix).toBe(true);
    }
    for (const segment of NOT_APP_SEGMENTS) {
      expect(denied(`/${segment}`), segment).toBe(true);
      expect(denied(`/${segment}/anything?x=1`), segment).toBe(true);
      expect(denied(`/${segment.toUpperCase()}/x`), segment).toBe(true);
    }
    for (const path of ['/api?x=1', '/media/library/1/get/a.png', '/luma/forge/bundle/t/index.js', '/__public-app/x', '/v3/system/component']) expect(denied(path), path).toBe(true);
  });

  it('answer every screen of the app with the precached page', () => {
    for (const { path } of ROUTE_CATALOGUE) expect(denied(samplePath(path)), path).toBe(false);
    for (const path of ['/apiary', '/mediator', '/lumax', '/workflows-help']) expect(denied(path), path).toBe(false);
  });
});
