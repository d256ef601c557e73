// The plugin author's entry (docs/custom-renderers.md): what a plugins/<name>/index.ts may import
// eagerly. Only the registry's small parts (testers, ranks, the lazy entries, the types); never the
// `renderers` barrel, which holds every built-in control: the app imports the enabled plugins at
// start, so what index.ts imports loads with every page, /login included. A plugin's control and cell
// files may import the barrel: they load lazily with the record pages (lazyControl, lazyCell).
export { RANK } from './registry/rank';
export { rankWith, moduleTypeIs, keyIs, and, or, type Tester, type FieldPredicate } from './registry/testers';
export { lazyControl, lazyCell } from './registry/lazy';
export type { ControlProps, RendererEntry } from './registry/types';
export type { CellEntry, CellProps } from './registry/cells';
export type { RendererPlugin } from './registry/plugin';
export type { FieldTypeDeclaration } from '../runtime/fieldTypes';
