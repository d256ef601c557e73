// table/custom: the same table as table/default; its columns may come from custom_data (a list of
// sub-field definitions) when constraints.table.fields is empty (runtime/compile/compileField).
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import { TableControl } from './Default';

export const TableCustomControl = TableControl;
export const tableCustomControlTester = rankWith(RANK.exact, moduleTypeIs('table', 'custom'));
