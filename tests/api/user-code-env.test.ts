// context.env in every server entry point (docs/user-code.md "context.env"): a component function, an
// action, a route and a spark each read the global variables of the caller's environment, secrets
// included (they never leave the server), and dev and live keep their own values.
import { beforeAll, expect, it, vi } from 'vitest';
import { componentApi, componentWithFields, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

describeApi(`context.env in functions, actions, routes and sparks (${DB_KIND})`, () => {
  vi.setConfig({ testTimeout: 60_000 });
  const server = useServer();
  const app = () => server().app;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  let notes = '';
  let record = '';
  const ENV_CODE = 'return { plain: context.env.SHOP, secret: context.env.TOKEN }';

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, env = 'dev') =>
    app().inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie: admin, 'x-project-env': env } });

  // Variables in dev and live, a component with a function, an action and a route, a spark.
  beforeAll(async () => {
    admin = await login(app());
    for (const [env, shop] of [['dev', 'dev shop'], ['live', 'live shop']] as const) {
      expect((await inject('POST', '/api/v1/system/environment/variables', { name: 'SHOP', value: shop }, env)).statusCode).toBe(200);
      expect((await inject('POST', '/api/v1/system/environment/variables', { name: 'TOKEN', value: `${env}-s3cret`, secret: true }, env)).statusCode).toBe(200);
    }
    notes = await componentWithFields(api, 'env_notes', [f.text('title')]);
    const model = (await api.settings(notes, 'v1')).json();
    model.settings.functions = [{ name: 'env', expr: ENV_CODE }];
    model.settings.actions = [{ name: 'env check', display_condition: null, fields: [], action: ENV_CODE }];
    model.settings.routes = { env: { code: ENV_CODE } };
    expect((await api.save(notes, 'v1', model)).statusCode).toBe(200);
    const created = await records.create(notes, { title: 'one' });
    expect(created.statusCode, created.body).toBe(200);
    record = created.json().uuid;
    const spark = await inject('POST', '/api/spark/spark', { name: 'env-spark', code: ENV_CODE });
    expect(spark.statusCode, spark.body).toBe(200);
    const id = spark.json().uuid as string;
    expect((await inject('PUT', `/api/spark/spark/release/${id}/1`, {})).statusCode).toBe(200);
    for (const env of ['dev', 'live']) expect((await inject('PUT', `/api/spark/spark/deploy/${id}/${env}`, { version: 1 })).statusCode).toBe(200);
  }, SETUP_TIMEOUT_MS);

  const expected = { plain: 'dev shop', secret: 'dev-s3cret' };

  it('a component function reads them', async () => {
    const answer = await inject('POST', `/api/v3/system/component/${notes}/function/env`, { data: null });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().output).toEqual(expected);
  });

  it('an action reads them', async () => {
    const answer = await inject('POST', `/api/v3/system/component/${notes}/action/${encodeURIComponent('env check')}`, { items: [record], fields: {} });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(JSON.stringify(answer.json())).toContain('dev-s3cret');
  });

  it('a route reads them', async () => {
    const answer = await inject('GET', `/api/v1/route/${notes}/env`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual(expected);
  });

  it("a spark reads its caller's environment's: dev and live apart", async () => {
    const dev = await inject('POST', '/api/spark/invoke/env-spark', { data: null });
    expect(dev.statusCode, dev.body).toBe(200);
    expect(dev.json().data).toEqual(expected);
    const live = await inject('POST', '/api/spark/invoke/env-spark', { data: null }, 'live');
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().data).toEqual({ plain: 'live shop', secret: 'live-s3cret' });
  });
});
