// The built-in list cells: a plain array of { tester, cell } entries, dispatched like the controls
// (renderers/registry/cells.ts). A field no entry claims shows its raw text, cut at 50 characters.
import type { CellEntry } from '../registry/cells';
import { RANK } from '../registry/rank';
import { moduleTypeIs, or, rankWith } from '../registry/testers';
import { BoolCell } from './BoolCell';
import { ChoiceCell } from './ChoiceCell';
import { DateCell } from './DateCell';
import { MediaCell } from './MediaCell';
import { NumberCell } from './NumberCell';
import { RelationCell } from './RelationCell';
import { RichTextCell } from './RichTextCell';

export const defaultCells: readonly CellEntry[] = [
  { name: 'input/number', tester: rankWith(RANK.exact, moduleTypeIs('input', 'number')), cell: NumberCell },
  {
    name: 'select, radio, checkbox (labels)',
    tester: rankWith(
      RANK.exact,
      or(moduleTypeIs('select', 'text'), moduleTypeIs('select', 'number'), moduleTypeIs('radio'), moduleTypeIs('checkbox', 'text'), moduleTypeIs('checkbox', 'number')),
    ),
    cell: ChoiceCell,
  },
  { name: 'checkbox/bool', tester: rankWith(RANK.exact, moduleTypeIs('checkbox', 'bool')), cell: BoolCell },
  { name: 'picker', tester: rankWith(RANK.module, moduleTypeIs('picker')), cell: DateCell },
  {
    name: 'text (plain, one line)',
    tester: rankWith(RANK.exact, or(moduleTypeIs('text', 'editor'), moduleTypeIs('text', 'editor_i18n'), moduleTypeIs('text', 'default'))),
    cell: RichTextCell,
  },
  { name: 'select/relation', tester: rankWith(RANK.exact, moduleTypeIs('select', 'relation')), cell: RelationCell },
  {
    name: 'media (image thumbnails, file names)',
    tester: rankWith(RANK.exact, or(moduleTypeIs('input', 'image'), moduleTypeIs('input', 'imagev2'), moduleTypeIs('input', 'file'), moduleTypeIs('image', 'carousel'))),
    cell: MediaCell,
  },
];

export { UuidCell } from './UuidCell';
