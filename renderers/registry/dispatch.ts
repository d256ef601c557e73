// Dispatch: the entry whose tester ranks the field highest wins; ties go to the later entry, so a
// concatenated entry with the same rank overrides a built-in. Nothing applicable: UnknownField.
import type { ComponentType } from 'react';
import type { ViewField } from '../../schemas/viewSchema.schema';
import { UnknownField } from '../controls/UnknownField';
import type { ControlProps, RendererEntry } from './types';

export interface DispatchResult {
  renderer: ComponentType<ControlProps>;
  rank: number;
  entry: RendererEntry | null;
}

export function dispatch(entries: readonly RendererEntry[], field: ViewField): DispatchResult {
  let best: RendererEntry | null = null;
  let bestRank = -Infinity;
  for (const entry of entries) {
    const rank = entry.tester(field);
    if (rank >= bestRank) {
      best = entry;
      bestRank = rank;
    }
  }
  if (!best || bestRank < 0) return { renderer: UnknownField, rank: bestRank === -Infinity ? -1 : bestRank, entry: null };
  return { renderer: best.renderer, rank: bestRank, entry: best };
}
