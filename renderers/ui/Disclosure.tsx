// A <details> panel that behaves like a popover: it closes on a press outside it and on Escape
// (focus returns to its summary), so an open filter panel never lingers over the list.
import { useEffect, useRef, type ReactNode } from 'react';

export function Disclosure({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const element = ref.current;
      if (element?.open && event.target instanceof Node && !element.contains(event.target)) element.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const element = ref.current;
      if (event.key !== 'Escape' || !element?.open) return;
      element.open = false;
      element.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return (
    <details ref={ref} className={className}>
      {children}
    </details>
  );
}
