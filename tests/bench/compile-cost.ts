import { compileViewSchema } from '../../runtime/compile';
import { createHash } from 'node:crypto';
const fields = ['title','name','email','amount','qty','status','due','paid','notes','code'].map((key, i) => ({ key, name: key.toUpperCase()+'x', module: i===5?'select':'input', type: i===3||i===4?'number':'text', label: { en_US: key }, sortOrder: i, constraints: {}, filterable: true, ...(i===5?{constraints:{selectables:{items:['new','paid','sent']}}}:{}) }));
const settings: any = { fields, general: {}, list: {}, presets: [] };
const input = { component: { uuid: '00000000-0000-0000-0000-000000000001', ref: 'x', name: 'x', label: {} }, locale: 'en_US' as const, roles: [], isAdmin: true, page: 'model_edit' as const };
let t = performance.now(); for (let i = 0; i < 2000; i++) compileViewSchema(settings, input); console.log('compile', ((performance.now() - t) / 2000).toFixed(3), 'ms');
t = performance.now(); for (let i = 0; i < 2000; i++) createHash('sha256').update(JSON.stringify(settings)).digest('hex'); console.log('hash', ((performance.now() - t) / 2000).toFixed(3), 'ms');
