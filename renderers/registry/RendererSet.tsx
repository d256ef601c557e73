// The renderer set the app runs with: form controls and list cells. The app provides it once (the
// built-in entries plus a project's own, docs/custom-renderers.md); every form, the quick-edit sidebar,
// the relation dialogs and the list cells read it here, so an added renderer shows everywhere.
import { createContext, useContext, type ReactNode } from 'react';
import type { CellEntry } from './cells';
import type { RendererEntry } from './types';

export interface RendererSet {
  controls: readonly RendererEntry[];
  cells: readonly CellEntry[];
}

const RendererSetContext = createContext<RendererSet | null>(null);

export function RendererSetProvider({ value, children }: { value: RendererSet; children: ReactNode }) {
  return <RendererSetContext.Provider value={value}>{children}</RendererSetContext.Provider>;
}

/** The provided set, or null outside a provider (screens then fall back to the built-in entries). */
export function useRendererSet(): RendererSet | null {
  return useContext(RendererSetContext);
}
