// What one bus event means for the list banner and for the open edit page.
import { describe, expect, it } from 'vitest';
import { changedKeys } from '../../../renderers/screens/list/useLiveList';
import { conflictOf } from '../../../renderers/screens/useRecordConflict';
import { parseRecordTopic, recordTopic, topicMatches } from '../../../runtime/events/protocol';

describe('live screens', () => {
  it('the edit page warns on a newer version or a delete by someone else only', () => {
    const update = (v: number, by = 'other') => ({ topic: 'orders.update.live', payload: { record: { uuid: 'u-1', __version__: v, updated_by: by } } });
    expect(conflictOf(update(3), 'u-1', 2, 'me')).toBe('changed');
    expect(conflictOf(update(2), 'u-1', 2, 'me')).toBeNull();
    expect(conflictOf(update(3, 'me'), 'u-1', 2, 'me')).toBeNull();
    expect(conflictOf(update(3), 'u-2', 2, 'me')).toBeNull();
    expect(conflictOf({ topic: 'orders.delete.live', payload: { record: { uuid: 'u-1' } } }, 'u-1', 2, 'me')).toBe('deleted');
  });

  it("the banner counts records by uuid, a bulk's items, and not this tab's own writes", () => {
    expect(changedKeys({ topic: 'o.create.live', payload: { record: { uuid: 'a', created_by: 'x', updated_by: 'x' } } }, 'me')).toEqual(['a']);
    // This tab's write (the user acted, the tab's id wrote) is no news; the same user's from another tab or session is.
    expect(changedKeys({ topic: 'o.create.live', payload: { record: { uuid: 'a', updated_by: 'me' }, actor: 'me', client: 'tab-1' } }, 'me', 'tab-1')).toEqual([]);
    expect(changedKeys({ topic: 'o.create.live', payload: { record: { uuid: 'a', updated_by: 'me' }, actor: 'me', client: 'tab-2' } }, 'me', 'tab-1')).toEqual(['a']);
    expect(changedKeys({ topic: 'o.create.live', payload: { record: { uuid: 'a', updated_by: 'me' } } }, 'me', 'tab-1')).toEqual(['a']);
    // Another user's event naming this tab's id is still news (a client id alone proves nothing).
    expect(changedKeys({ topic: 'o.create.live', payload: { record: { uuid: 'a' }, actor: 'x', client: 'tab-1' } }, 'me', 'tab-1')).toEqual(['a']);
    expect(changedKeys({ topic: 'o.bulk.live', payload: { items: ['a', 'b'], actor: 'x' } }, 'me')).toEqual(['a', 'b']);
    expect(changedKeys({ topic: 'o.import.live', payload: { count: 5 } }, 'me')).toHaveLength(1);
  });

  it('record topics: built, parsed, matched with * for one part', () => {
    expect(recordTopic('shop/orders', '*', 'dev')).toBe('shop/orders.*.dev');
    expect(parseRecordTopic('shop/orders.update.dev')).toEqual({ ref: 'shop/orders', action: 'update', env: 'dev' });
    expect(parseRecordTopic('system.deploy')).toBeNull();
    expect(topicMatches('shop/orders.*.dev', 'shop/orders.delete.dev')).toBe(true);
    expect(topicMatches('shop/orders.*.dev', 'shop/orders.delete.live')).toBe(false);
    expect(topicMatches('#', 'anything.at.all')).toBe(true);
  });
});
