// Registry entries whose component loads on first use (docs/custom-renderers.md "Lazy controls and
// cells"): the tester is eager (dispatch needs it to choose), the component is React.lazy around the
// import, so a plugin's control and cell load with the record pages that draw them, not with /login.
import { createElement, lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { CellEntry, CellProps } from './cells';
import type { Tester } from './testers';
import type { ControlProps, RendererEntry } from './types';

type Loader<P> = () => Promise<ComponentType<P>>;

function lazyComponent<P extends object>(load: Loader<P>, fallback: ReactElement | null): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function LazyRenderer(props: P) {
    return (
      <Suspense fallback={fallback}>
        {createElement(Lazy, props)}
      </Suspense>
    );
  }
  return LazyRenderer;
}

/** A control entry whose component is imported when a form first draws a field it wins: `() => import('./X').then((m) => m.XControl)`. */
export function lazyControl(name: string, tester: Tester, load: Loader<ControlProps>): RendererEntry {
  return { name, tester, renderer: lazyComponent(load, <span className="renderer-loading" aria-busy="true" data-testid="renderer-loading" />) };
}

/** A list cell entry whose component is imported when a table first draws a column it wins. */
export function lazyCell(name: string, tester: Tester, load: Loader<CellProps>): CellEntry {
  return { name, tester, cell: lazyComponent(load, null) };
}
