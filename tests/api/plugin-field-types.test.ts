// A plugin's field type (plugins/star-rating/type.ts, enabled by LUMA_PLUGINS) joins the field types
// the settings accept, and its declared JSON Schema decides which record values the server stores.
import { expect, it } from 'vitest';
import { componentApi, componentWithFields, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

const rating = { name: 'Rating', key: 'rating', module: 'input', type: 'rating', filterable: true };

describeApi(`plugin field types: the star rating (${DB_KIND})`, () => {
  const server = useServer({ LUMA_PLUGINS: 'star-rating' });

  it('stores a rating of 4 and refuses 7 with 417 invalidInput, writing nothing', async () => {
    const cookie = await login(server().app);
    const ref = await componentWithFields(componentApi(() => server().app, () => cookie, 'dev'), 'rated', [rating]);
    const records = recordApi(() => server().app, () => cookie);

    const four = await records.create(ref, { rating: 4 });
    expect(four.statusCode, four.body).toBe(200);
    expect(four.json().rating).toBe(4);
    expect((await records.get(ref, four.json().uuid)).json().rating).toBe(4);

    const seven = await records.create(ref, { rating: 7 });
    expect(seven.statusCode, seven.body).toBe(417);
    expect(seven.json().errors).toEqual([{ field: 'rating', messages: ['invalidInput'], values: [null] }]);

    // The edit path checks with the same schema, and a refused edit leaves the stored value.
    const edit = await records.update(ref, four.json().uuid, four.json().__version__, { rating: 7 });
    expect(edit.statusCode, edit.body).toBe(417);
    expect((await records.get(ref, four.json().uuid)).json().rating).toBe(4);

    const list = await server().app.inject({ method: 'GET', url: `/api/v3/system/component/${ref}/models`, headers: { cookie, 'x-project-env': 'dev' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(1);
    expect(JSON.stringify(list.json())).not.toContain('"rating":7');
  });

  it('refuses a fraction, text, and an object with a __proto__ key, and pollutes nothing', async () => {
    const cookie = await login(server().app);
    const ref = await componentWithFields(componentApi(() => server().app, () => cookie, 'dev'), 'rated_hostile', [rating]);
    const records = recordApi(() => server().app, () => cookie);
    for (const value of [2.5, 'five', -1, [3]]) {
      const refused = await records.create(ref, { rating: value });
      expect(refused.statusCode, `${JSON.stringify(value)}: ${refused.body}`).toBe(417);
    }
    const hostile = await server().app.inject({
      method: 'POST',
      url: `/api/v3/system/component/${ref}/model`,
      headers: { cookie, 'x-project-env': 'dev', 'content-type': 'application/json' },
      payload: '{"data":{"rating":{"__proto__":{"polluted":true}}}}',
    });
    // The JSON body parser refuses a __proto__ key before any service sees it (400 badRequest, never a 500).
    expect(hostile.statusCode, hostile.body).toBe(400);
    expect(hostile.json().message).toBe('badRequest');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A form sends the digit as text: it is stored as the number.
    const text = await records.create(ref, { rating: '3' });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().rating).toBe(3);
  });

  it('the field settings refuse a type no enabled plugin declares', async () => {
    const cookie = await login(server().app);
    const api = componentApi(() => server().app, () => cookie, 'dev');
    await expect(componentWithFields(api, 'unknown_type', [{ ...rating, type: 'stars' }])).rejects.toThrow(/save unknown_type: 4\d\d/);
  });
});
