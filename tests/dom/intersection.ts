// A stand-in IntersectionObserver for dom tests of what loads near the viewport (useNearViewport):
// jsdom has none (and then such controls load at once), so a test installs this one and says when an
// element comes near. Undone by vi.unstubAllGlobals().
import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

interface Observed {
  callback: IntersectionObserverCallback;
  targets: Element[];
}

/** Installs the stand-in; answers whether an element is watched and a way to bring it near. */
export function stubIntersectionObserver() {
  const observers: Observed[] = [];
  class FakeObserver implements Observed {
    targets: Element[] = [];
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.push(target);
    }
    disconnect() {
      this.targets = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const watching = (target: Element) => observers.find((o) => o.targets.includes(target));
  return {
    /** Waits until `target` is watched. */
    watched: (target: Element) => waitFor(() => expect(watching(target)).toBeTruthy()),
    /** Tells the watcher of `target` that it came near the viewport. */
    bringNear: (target: Element) => {
      const observer = watching(target)!;
      act(() => observer.callback([{ isIntersecting: true, target } as unknown as IntersectionObserverEntry], observer as unknown as IntersectionObserver));
    },
  };
}
