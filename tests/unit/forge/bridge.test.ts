// The forge bridge's judgement of a bundle's messages (runtime/forge/bridge.ts; docs/forge.md "The
// bridge"): only bridge envelopes are heard, only listed methods run, arguments have their shapes,
// prototype keys and oversized data are refused, and a legacy template reaches its own component only.
import { describe, expect, it } from 'vitest';
import { judgeCall, readBridgeMessage, rendererOf } from '../../../runtime/forge/bridge';

const NOTES = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const RECORD = '00000000-0000-4000-8000-0000000000aa';
const sdk6 = { component: NOTES, renderer: 'sdk6' as const };

describe('the forge bridge', () => {
  it('hears only its envelopes', () => {
    expect(readBridgeMessage({ luma: 1, type: 'ready' })).toEqual({ type: 'ready' });
    expect(readBridgeMessage({ luma: 1, type: 'call', id: 3, method: 'records.get', args: [] })).toMatchObject({ type: 'call', id: 3 });
    for (const data of [null, 'ready', { type: 'ready' }, { luma: 2, type: 'ready' }, { luma: 1, type: 'call', id: 0 }, { luma: 1, type: 'call', id: 1.5 }, { luma: 1, type: 'call', id: '1' }, [1]]) {
      expect(readBridgeMessage(data), JSON.stringify(data)).toBeNull();
    }
  });

  it('runs listed methods only, with their argument shapes', () => {
    expect(judgeCall('iam.makeAdmin', [], sdk6)).toEqual({ error: 'bridge.unknownMethod' });
    expect(judgeCall('records.remove', [RECORD], sdk6)).toEqual({ error: 'bridge.unknownMethod' });
    expect(judgeCall('records.list', 'x', sdk6)).toEqual({ error: 'invalidInput' });
    expect(judgeCall('records.list', [{ limit: 5, sortBy: 'title', sortDesc: true, $adv: { title: 'a' } }, null], sdk6)).toEqual({
      method: 'records.list',
      ref: NOTES,
      params: { offset: 0, limit: 5, sortBy: 'title', sortDesc: 1, $adv: '{"title":"a"}' },
    });
    expect(judgeCall('records.list', [{ limit: 100000 }], sdk6)).toEqual({ error: 'invalidInput' });
    expect(judgeCall('records.list', [{ colour: 'red' }], sdk6)).toEqual({ error: 'invalidInput' });
    expect(judgeCall('records.get', ['not-a-uuid', null], sdk6)).toEqual({ error: 'invalidInput' });
    expect(judgeCall('records.get', [RECORD, '../../v1/iam'], sdk6)).toEqual({ error: 'invalidInput' });
    expect(judgeCall('records.get', [RECORD, 'sales/orders'], sdk6)).toEqual({ method: 'records.get', ref: 'sales/orders', uuid: RECORD });
    expect(judgeCall('records.update', [RECORD, { title: 'x' }, 3, OTHER], sdk6)).toEqual({ method: 'records.update', ref: OTHER, uuid: RECORD, data: { title: 'x' }, version: 3 });
    expect(judgeCall('records.update', [RECORD, { title: 'x' }, -1], sdk6)).toEqual({ error: 'invalidInput' });
  });

  it('refuses prototype keys and oversized data', () => {
    expect(judgeCall('records.create', [JSON.parse('{"__proto__": {"admin": true}}')], sdk6)).toEqual({ error: 'invalidInput' });
    expect(judgeCall('records.create', [{ nested: JSON.parse('{"constructor": {"prototype": {}}}') }], sdk6)).toEqual({ error: 'invalidInput' });
    expect(judgeCall('records.create', [{ big: 'x'.repeat(300 * 1024) }], sdk6)).toEqual({ error: 'invalidInput' });
    expect(judgeCall('records.create', [Object.create({ inherited: 1 })], sdk6)).toEqual({ error: 'invalidInput' });
  });

  it('lets a legacy template reach its own component only; the renderer follows the SDK version', () => {
    const legacy = { component: NOTES, renderer: 'legacy' as const };
    expect(judgeCall('records.list', [{}], legacy)).toMatchObject({ ref: NOTES });
    expect(judgeCall('records.list', [{}, OTHER], legacy)).toEqual({ error: 'bridge.refNotAllowed' });
    expect([null, undefined, 3, 4, 5, 6, 7].map(rendererOf)).toEqual(['legacy', 'legacy', 'legacy', 'sdk4', 'sdk5', 'sdk6', 'legacy']);
  });
});
