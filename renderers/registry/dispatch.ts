// Dispatch: the entry whose tester ranks the field highest wins; ties go to the later entry, so a
// concatenated entry with the same rank overrides a built-in. Nothing applicable: UnknownField.
import type { ComponentType } from 'react';
import type { ViewField } from '../../schemas/viewSchema.schema';
import { UnknownField } from '../controls/UnknownField';
import { highestRanked } from './rank';
import type { ControlProps, RendererEntry } from './types';

export interface DispatchResult {
  renderer: ComponentType<ControlProps>;
  rank: number;
  entry: RendererEntry | null;
}

export function dispatch(entries: readonly RendererEntry[], field: ViewField): DispatchResult {
  const { entry, rank } = highestRanked(entries, field);
  return entry ? { renderer: entry.renderer, rank, entry } : { renderer: UnknownField, rank, entry: null };
}
