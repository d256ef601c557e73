// The canvas's fullscreen: the whole workflow page (header, canvas, sidebar and drawer) goes
// fullscreen; where the browser refuses, the workspace still fills the window by its class.
import { useState, type RefObject } from 'react';

export function useFullscreen(inside: RefObject<HTMLElement>) {
  const [fullscreen, setFullscreen] = useState(false);
  const toggle = async () => {
    const element = inside.current?.closest('.wf-page') as HTMLElement | null;
    if (!fullscreen) {
      setFullscreen(true);
      await element?.requestFullscreen?.().catch(() => undefined);
    } else {
      setFullscreen(false);
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    }
  };
  return { fullscreen, toggle };
}
