// A trigger's name shown as a tooltip: after 400 ms of hover, or at once on keyboard focus; Escape,
// leaving or blurring hides it. The trigger keeps its own aria-label (the accessible name); while
// shown, the tooltip describes it. Drawn above the trigger, centred. Plain React: the record list
// loads no react-aria overlay code for its icon buttons (docs/benchmarks.md "Light first load").
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface HintTriggerProps {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

const DELAY_MS = 400;

function keyboardFocus(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/** `children` draws the trigger with the handlers it is given. */
export function Hint({ label, children, className = 'list-tooltip' }: { label: string; children: (trigger: HintTriggerProps) => ReactNode; className?: string }) {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  const hide = () => {
    clearTimeout(timer.current);
    setShown(false);
  };
  const trigger: HintTriggerProps = {
    onMouseEnter: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setShown(true), DELAY_MS);
    },
    onMouseLeave: hide,
    onFocus: (event) => {
      if (keyboardFocus(event.currentTarget)) setShown(true);
    },
    onBlur: hide,
    onKeyDown: (event) => {
      if (event.key === 'Escape' && shown) hide();
    },
    ...(shown ? { 'aria-describedby': id } : {}),
  };
  return (
    <span className="hint-anchor">
      {children(trigger)}
      {shown ? (
        <span id={id} role="tooltip" className={`${className} hint`}>
          {label}
        </span>
      ) : null}
    </span>
  );
}
