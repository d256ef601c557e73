// docs/STATUS.md must stay true: its route table lists exactly the router's catalogue,
// with the same access and status.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_CATALOGUE } from '../../src/app/routes/catalogue';

const status = readFileSync(new URL('../../docs/STATUS.md', import.meta.url), 'utf8');

describe('docs/STATUS.md', () => {
  it('lists every declared route with its access and status, and no other', () => {
    const rows = [...status.matchAll(/^\| `(\/[^`]*)` \| (public|session) \| (done|not done) \|$/gm)].map(
      ([, path, access, state]) => ({ path, access, status: state }),
    );
    const sortByPath = (a: { path?: string }, b: { path?: string }) => (a.path ?? '').localeCompare(b.path ?? '');
    expect(rows.sort(sortByPath)).toEqual(ROUTE_CATALOGUE.map((r) => ({ ...r })).sort(sortByPath));
  });
});
