// Which actions the record edit page and the list's selection offer (renderers/screens/actions):
// those whose display condition holds, in the real sandbox, for every record; a condition that
// throws hides its action; no condition always holds.
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../runtime/script/index';
import { availableActions } from '../../../renderers/screens/actions/useAvailableActions';
import { libraries } from './libraries';

const sandbox = createSandbox({ libraries });
afterAll(() => sandbox.dispose());
const run = (request: Parameters<typeof sandbox.run>[0]) => sandbox.run(request);

const action = (name: string, display_condition: string | null) => ({ name, display_condition, fields: [], action: '' });
const ACTIONS = [
  action('always', null),
  action('open only', "return record.status === 'open'"),
  action('admins', 'return context.user.is_admin && Lodash.isEmpty(context.env)'),
  action('throws', 'return record.missing.deeper'),
];
const user = { uuid: 'u', name: 'Ann', email: 'ann@luma.test', is_admin: true };

describe('availableActions', () => {
  it('offers the actions whose condition holds for the record', async () => {
    expect(await availableActions(ACTIONS, [{ uuid: 'a', status: 'open' }], user, run)).toEqual(['always', 'open only', 'admins']);
    expect(await availableActions(ACTIONS, [{ uuid: 'a', status: 'done' }], { ...user, is_admin: false }, run)).toEqual(['always']);
  });

  it('for a selection, only those holding for every record; none for no record', async () => {
    const selection = [{ uuid: 'a', status: 'open' }, { uuid: 'b', status: 'done' }];
    expect(await availableActions(ACTIONS, selection, user, run)).toEqual(['always', 'admins']);
    expect(await availableActions(ACTIONS, [], user, run)).toEqual([]);
  });
});
