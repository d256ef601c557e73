// The testing kit as users meet it (docs/testing-kit.md): built (scripts/build-testing.mjs), imported by
// its package name `luma/testing` (package.json "exports"), and the documented example
// (docs/examples/reviews.property.ts, shown whole in the doc) run against a real server over HTTP with
// an API user's token, the star rating plugin enabled: valid reviews are stored as written, invalid
// values are refused with the form's key, and the example's own property holds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { fieldTypes as starRating } from '../../plugins/star-rating/type';
// @ts-expect-error a plain .mjs script without type declarations
import { buildTesting } from '../../scripts/build-testing.mjs';
import { componentApi, componentWithFields } from './fixtures';
import { withCookie } from './iam-fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLE = 'docs/examples/reviews.property.ts';
/**
 * Imported by name once built, as users import it. Through a variable so that tsc, which runs before
 * any build, does not look for dist/testing; typed by the sources it is built from.
 */
const KIT_NAME = 'luma/testing';
const importKit = () => import(KIT_NAME) as Promise<typeof import('../../src/testing/index')>;
type ReviewProperties = (target: { url: string; token: string; component: string; plugins?: readonly unknown[] }) => Promise<{ stored: number; refused: number; rewritten: number }>;
const EXAMPLE_MODULE = `../../${EXAMPLE}`.replace(/\.ts$/, '');

const REVIEW_FIELDS = [
  { name: 'Title', key: 'title', module: 'input', type: 'text', constraints: { required: true, length: { min: 3, max: 60 }, not_allowed_words: 'spam' } },
  { name: 'Stars', key: 'stars', module: 'input', type: 'rating', constraints: { required: true } },
  { name: 'Email', key: 'email', module: 'input', type: 'email' },
  { name: 'Body', key: 'body', module: 'text', type: 'default', constraints: { length: { min: null, max: 200 } } },
  { name: 'Helpful', key: 'helpful', module: 'input', type: 'number', constraints: { selectables: { range: { from: 0, to: 999 } } } },
  { name: 'Tags', key: 'tags', module: 'checkbox', type: 'text', constraints: { selectables: { items: ['food', 'service', 'price'] } } },
  { name: 'Recommended', key: 'recommended', module: 'checkbox', type: 'bool' },
  { name: 'Visited', key: 'visited', module: 'picker', type: 'date', constraints: { date: { disable_future_dates: true } } },
];

describeApi(`the testing kit, luma/testing, against a real server (${DB_KIND})`, () => {
  const server = useServer({ LUMA_PLUGINS: 'star-rating' });
  let url = '';
  let token = '';

  beforeAll(async () => {
    await buildTesting(ROOT);
    const app = server().app;
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = await login(app);
    await componentWithFields(componentApi(() => app, () => cookie, 'dev'), 'reviews', REVIEW_FIELDS, { scope: 'shop' });
    const admin = withCookie(() => app, () => cookie);
    const role = await admin.post('/v1/iam/roles', { name: 'Review tester', level: 10, permissions: ['read shop/reviews', 'create shop/reviews', 'update shop/reviews', 'delete shop/reviews'] });
    expect(role.statusCode, role.body).toBe(200);
    const apiUser = await admin.post('/v1/iam/api-users', { name: 'Property suite', role_uuids: [role.json().uuid] });
    expect(apiUser.statusCode, apiUser.body).toBe(200);
    token = apiUser.json().secret.token;
  }, SETUP_TIMEOUT_MS);

  it('docs/testing-kit.md shows the example file whole', () => {
    const doc = readFileSync(join(ROOT, 'docs/testing-kit.md'), 'utf8');
    expect(doc).toContain(`\`\`\`ts\n${readFileSync(join(ROOT, EXAMPLE), 'utf8')}\`\`\``);
  });

  it('the documented example holds against the server, through luma/testing', async () => {
    const kit = await importKit();
    expect(typeof kit.checkValidRecordsRoundTrip).toBe('function');
    // Imported once the kit is built: the example imports luma/testing, which is dist/testing.
    const { reviewProperties } = (await import(/* @vite-ignore */ EXAMPLE_MODULE)) as { reviewProperties: ReviewProperties };
    const result = await reviewProperties({ url, token, component: 'shop/reviews', plugins: starRating });
    expect(result.stored).toBeGreaterThan(0);
    expect(result.refused).toBeGreaterThan(0);
    expect(result.rewritten).toBe(10);
  }, 240_000);

  it('fails, naming the case, where the server and the form disagree', async () => {
    const kit = await importKit();
    kit.declarePluginTypes(starRating);
    // A proxy that loses the stars on the way in: the server refuses records the form accepts.
    const dropStars: typeof fetch = (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { data?: Record<string, unknown> }) : null;
      if (body?.data) delete body.data.stars;
      return fetch(input, body ? { ...init, body: JSON.stringify(body) } : init);
    };
    const losing = kit.connect({ url, token, fetch: dropStars });
    await expect(kit.checkValidRecordsRoundTrip(losing, 'shop/reviews', { numRuns: 3 })).rejects.toThrow(/a valid record was refused with 417/);
    // A proxy that renames every refusal's key: the server's errors are not the form's.
    const renaming: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.status !== 417) return response;
      const body = (await response.json()) as { errors: { messages: string[] }[] };
      for (const error of body.errors) error.messages = error.messages.map(() => 'invalid');
      return new Response(JSON.stringify(body), { status: 417, headers: { 'content-type': 'application/json' } });
    };
    await expect(kit.checkInvalidValuesRefused(kit.connect({ url, token, fetch: renaming }), 'shop/reviews', { numRuns: 3 })).rejects.toThrow(/the server's errors differ from the form's/);
  }, 120_000);
});
