// Whether an element is on screen or near it, for a control whose heavy part need not load with the
// page while the field is further down (the external select's script runtime: docs/benchmarks.md
// "Light first load"). It turns true when the element comes within NEAR_MARGIN of the viewport, or
// when `wake` is called (focus, typing), and then stays true. Without IntersectionObserver (jsdom,
// old browsers) it is true at once, so nothing waits for it there.
import { useCallback, useEffect, useState } from 'react';

/** How far below (or above) the viewport a field starts loading, so a scrolling user rarely sees it wait. */
export const NEAR_MARGIN = '400px 0px';

export interface NearViewport<T extends Element> {
  ref: (node: T | null) => void;
  near: boolean;
  wake: () => void;
}

export function useNearViewport<T extends Element>(): NearViewport<T> {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [node, setNode] = useState<T | null>(null);
  useEffect(() => {
    if (near || !node) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: NEAR_MARGIN });
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, node]);
  const wake = useCallback(() => setNear(true), []);
  return { ref: setNode, near, wake };
}
