// The date-time and date-range verdicts on the server (spec section 5): the runtime's rules (shape,
// bounds, available hours, minute step) answer the same 417 as validateRecord, and the checks that need
// other records refuse a range sharing a day with another record's range and a taken minute.
import { expect, it } from 'vitest';
import { validateRecord } from '../../runtime/validation';
import { addDays, dayOf } from '../../runtime/validation/dates';
import { componentApi, componentWithFields, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

const invalidDates = (field: string) => ({ field, messages: ['invalidDates'], values: [null] });

describeApi(`records: date-time and date-range pickers (${DB_KIND})`, () => {
  const server = useServer();

  async function setup(name: string, fields: unknown[]) {
    const cookie = await login(server().app);
    const api = componentApi(() => server().app, () => cookie, 'dev');
    const ref = await componentWithFields(api, name, fields);
    return { ref, records: recordApi(() => server().app, () => cookie) };
  }

  it('date-time bounds, available hours and minute step: 417 invalidDates; a bad shape: invalidInput', async () => {
    const at = { name: 'At', key: 'at', module: 'picker', type: 'datetime', constraints: { custom_data: { from: '2030-01-01', to: '2030-12-31', availableHours: '9-17', minuteStep: 15 } } };
    const { ref, records } = await setup('appointments', [at]);
    const ok = await records.create(ref, { at: '2030-05-05 09:15' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().at).toBe('2030-05-05T09:15');
    for (const value of ['2029-12-31T10:00', '2031-01-01T10:00', '2030-05-05T08:45', '2030-05-05T18:00', '2030-05-05T10:10']) {
      const refused = await records.create(ref, { at: value });
      expect(refused.statusCode, value).toBe(417);
      expect(refused.json().errors).toEqual([invalidDates('at')]);
    }
    const bad = await records.create(ref, { at: '2030-05-05' });
    expect(bad.json().errors).toEqual([{ field: 'at', messages: ['invalidInput'], values: [null] }]);
  });

  it('disablePastDates on both pickers and disableFutureDates on the range, with the runtime\'s messages', async () => {
    const fields = [
      { name: 'At', key: 'at', module: 'picker', type: 'datetime', constraints: { custom_data: { disablePastDates: true } } },
      { name: 'Stay', key: 'stay', module: 'picker', type: 'daterange', constraints: { custom_data: { disablePastDates: true, disableFutureDates: true } } },
    ];
    const { ref, records } = await setup('bookings_bounds', fields);
    const today = dayOf(new Date());
    const yesterday = addDays(today, -1);
    const data = { at: `${yesterday}T10:00`, stay: { startDate: today, endDate: addDays(today, 1) } };
    const refused = await records.create(ref, data);
    expect(refused.statusCode).toBe(417);
    expect(refused.json().errors).toEqual([invalidDates('at'), invalidDates('stay')]);
    const reversed = await records.create(ref, { stay: { startDate: today, endDate: yesterday } });
    expect(reversed.json().errors).toEqual([invalidDates('stay')]);
    const fine = await records.create(ref, { at: `${addDays(today, 3)}T10:00`, stay: { startDate: today, endDate: today } });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('a date range sharing a day (inclusive) with another live record\'s range: 417 invalidDates; an update keeping its own range passes', async () => {
    const stay = { name: 'Stay', key: 'stay', module: 'picker', type: 'daterange' };
    const { ref, records } = await setup('bookings', [stay]);
    const first = await records.create(ref, { stay: { startDate: '2031-03-10', endDate: '2031-03-12' } });
    expect(first.statusCode, first.body).toBe(200);
    for (const [startDate, endDate] of [['2031-03-12', '2031-03-15'], ['2031-03-01', '2031-03-10'], ['2031-03-11', '2031-03-11'], ['2031-03-01', '2031-03-31']]) {
      const refused = await records.create(ref, { stay: { startDate, endDate } });
      expect(refused.statusCode, `${startDate}..${endDate}`).toBe(417);
      expect(refused.json()).toMatchObject({ message: 'fieldsNotValid', errors: [invalidDates('stay')] });
    }
    const next = await records.create(ref, { stay: { startDate: '2031-03-13', endDate: '2031-03-14' } });
    expect(next.statusCode, next.body).toBe(200);
    // Its own range is not a collision; moving onto the other's is.
    const kept = await records.update(ref, first.json().uuid, first.json().__version__, { stay: { startDate: '2031-03-09', endDate: '2031-03-12' } });
    expect(kept.statusCode, kept.body).toBe(200);
    const moved = await records.update(ref, kept.json().uuid, kept.json().__version__, { stay: { startDate: '2031-03-09', endDate: '2031-03-13' } });
    expect(moved.json().errors).toEqual([invalidDates('stay')]);
    // A deleted record frees its days.
    await records.remove(ref, next.json().uuid);
    const freed = await records.update(ref, kept.json().uuid, kept.json().__version__, { stay: { startDate: '2031-03-09', endDate: '2031-03-14' } });
    expect(freed.statusCode, freed.body).toBe(200);
  });

  it('a date-time another record holds (to the minute): 417 invalidDates', async () => {
    const at = { name: 'At', key: 'at', module: 'picker', type: 'datetime' };
    const { ref, records } = await setup('slots', [at]);
    expect((await records.create(ref, { at: '2032-01-05T10:30' })).statusCode).toBe(200);
    const taken = await records.create(ref, { at: '2032-01-05 10:30' });
    expect(taken.statusCode).toBe(417);
    expect(taken.json().errors).toEqual([invalidDates('at')]);
    expect((await records.create(ref, { at: '2032-01-05T10:31' })).statusCode).toBe(200);
  });

  it('the runtime gives the same messages for the rule-only verdicts', () => {
    const view = {
      fields: [
        { key: 'at', renderer: 'picker/datetime', module: 'picker', type: 'datetime', validation: [{ rule: 'datetime' }], options: { customData: { availableHours: '9-17', minuteStep: 1 }, multiple: false } },
      ],
    } as never;
    expect(validateRecord(view, { at: '2030-05-05T20:00' }, { page: 'model_create' })).toEqual([invalidDates('at')]);
  });
});
