export { RANK } from './rank';
export { rankWith, moduleTypeIs, keyIs, and, or, type Tester, type FieldPredicate } from './testers';
export { dispatch, type DispatchResult } from './dispatch';
export type { ControlProps, RendererEntry, FormPage } from './types';
export { dispatchCell, type CellEntry, type CellProps } from './cells';
export { RendererSetProvider, useRendererSet, type RendererSet } from './RendererSet';
export { composeRendererSet, type RendererPlugin } from './plugin';
