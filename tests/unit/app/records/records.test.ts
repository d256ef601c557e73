import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../runtime/components';
import { compileViewSchema } from '../../../../runtime/compile';
import type { ComponentSettings } from '../../../../schemas';
import { createFormStore } from '../../../../renderers/form/formStore';
import { initialValues, payloadOf } from '../../../../renderers/form/values';
import { saveFailure, fieldKeyOf } from '../../../../renderers/screens/saveErrors';
import { customEntrypoint, recordPermissions, roleUuidsOf } from '../../../../renderers/screens/useRecordView';
import { componentBasePath } from '../../../../src/app/features/records/useMenuComponent';
import { ApiRequestError } from '../../../../runtime/client/errors';
import { recordKeys } from '../../../../renderers/data/records';

function view(page: 'model_create' | 'model_edit', isAdmin = true) {
  const settings = {
    ...defaultSettings('v1'),
    fields: [
      { name: 'Title', key: 'title', module: 'input', type: 'text', constraints: { default: 'Untitled' } },
      { name: 'Secret', key: 'secret', module: 'input', type: 'password' },
      { name: 'Code', key: 'code', module: 'input', type: 'text', protected: true },
      { name: 'Hidden', key: 'hidden', module: 'input', type: 'text', roles: { see: ['r1'], edit: null } },
      { name: 'Ref', key: 'ref', module: 'reference', type: 'text' },
    ],
  } as unknown as ComponentSettings;
  return compileViewSchema(settings, {
    component: { uuid: 'u', ref: 'orders', name: 'orders', label: { en_US: 'Orders' } },
    locale: 'en_US',
    roles: [],
    isAdmin,
    page,
  });
}

describe('record form values', () => {
  it('starts from the record, with defaults where empty and the password token on edit', () => {
    expect(initialValues(view('model_create'), null, 'model_create')).toMatchObject({ title: 'Untitled', secret: null });
    expect(initialValues(view('model_edit'), { title: 'Kept', code: 'C' }, 'model_edit')).toMatchObject({ title: 'Kept', secret: '__PASSWORD__', code: 'C' });
  });

  it('sends only what the caller sees and may edit, never the password token or a protected field on edit', () => {
    const edit = view('model_edit', false);
    const values = { title: 'T', secret: '__PASSWORD__', code: 'C', hidden: 'H', ref: 'R' };
    expect(payloadOf(edit, values, 'model_edit')).toEqual({ title: 'T' });
    expect(payloadOf(edit, { ...values, secret: 'new-one' }, 'model_edit')).toEqual({ title: 'T', secret: 'new-one' });
    expect(payloadOf(view('model_create', false), values, 'model_create')).toEqual({ title: 'T', code: 'C' });
  });
});

describe('form store', () => {
  it('notifies only the changed key and flips dirty once', () => {
    const store = createFormStore({ a: 1, b: 2 });
    const heard: string[] = [];
    store.subscribe('a', () => heard.push('a'));
    store.subscribe('b', () => heard.push('b'));
    let dirtyFlips = 0;
    store.subscribeDirty(() => dirtyFlips++);
    store.set('a', 5);
    store.set('a', 6);
    expect(heard).toEqual(['a', 'a']);
    expect(store.isDirty()).toBe(true);
    store.set('a', 1);
    expect(store.isDirty()).toBe(false);
    expect(dirtyFlips).toBe(2);
  });

  it('treats objects with the same content as unchanged', () => {
    const store = createFormStore({ c: { locales: { en_US: 'x' } } });
    store.set('c', { locales: { en_US: 'y' } });
    store.set('c', { locales: { en_US: 'x' } });
    expect(store.isDirty()).toBe(false);
  });
});

describe('save failures (spec section 8)', () => {
  const http = (status: number, message: string, errors: { field: string; messages: string[] }[] = []) => new ApiRequestError(status, message, 'http', 'main', errors);

  it('500: the report modal only; 409: the conflict toast; 417: the fields; others: the message', () => {
    expect(saveFailure(http(500, 'serverError'))).toEqual({ kind: 'reported' });
    expect(saveFailure(http(409, 'recordVersionConflict'))).toEqual({ kind: 'conflict', messageKey: 'recordChanged' });
    expect(saveFailure(http(417, 'fieldsNotValid', [{ field: 'title', messages: ['unique'] }]))).toMatchObject({ kind: 'fields', fieldErrors: [{ field: 'title' }] });
    expect(saveFailure(http(403, 'fieldNotEditable'))).toMatchObject({ kind: 'message', messageKey: 'fieldNotEditable' });
    expect(saveFailure(new Error('boom'))).toMatchObject({ kind: 'message', messageKey: 'boom' });
    expect(fieldKeyOf('caption.locales.sr')).toBe('caption');
  });
});

describe('record screens', () => {
  it('reads permissions per verb; settings only in dev; presets wherever settings is held', () => {
    const user = { is_admin: false, permissions: ['create orders', 'Edit Orders', 'settings orders'], roles: [] };
    expect(recordPermissions(user, 'orders', 'live')).toEqual({ create: true, update: true, delete: false, settings: false, presets: true });
    expect(recordPermissions(user, 'orders', 'dev').settings).toBe(true);
    expect(recordPermissions({ is_admin: false, permissions: ['read orders'], roles: [] }, 'orders', 'dev')).toEqual({ create: false, update: false, delete: false, settings: false, presets: false });
    expect(recordPermissions({ is_admin: true, permissions: [] , roles: [] }, 'x', 'live')).toEqual({ create: true, update: true, delete: true, settings: false, presets: true });
    expect(roleUuidsOf({ is_admin: false, permissions: [], roles: ['a', { uuid: 'b' }] } as never)).toEqual(['a', 'b']);
  });

  it("uses a custom entrypoint unless it is empty or 'default'; the caller's wins", () => {
    expect(customEntrypoint(null, 'invoice.vue')).toBe('invoice.vue');
    expect(customEntrypoint('default', 'invoice.vue')).toBeNull();
    expect(customEntrypoint(undefined, '')).toBeNull();
    expect(customEntrypoint(undefined, null)).toBeNull();
  });

  it('finds the component base path of a create or edit URL', () => {
    expect(componentBasePath('/admin/component/orders/create')).toBe('/admin/component/orders');
    expect(componentBasePath('/home/component/shop/orders/edit/123')).toBe('/home/component/shop/orders');
  });

  it('keys one record under its component', () => {
    expect(recordKeys.record('orders', 'u1')).toEqual(['component', 'orders', 'model', 'u1']);
  });
});
