// Small line icons drawn as SVG, so they show on every system (symbol fonts and emoji are not
// everywhere: a missing glyph is an empty box).
import type { ReactElement } from 'react';

const LINES: Record<string, string[]> = {
  'align-left': ['M3 5h18', 'M3 10h12', 'M3 15h18', 'M3 20h12'],
  'align-center': ['M3 5h18', 'M6 10h12', 'M3 15h18', 'M6 20h12'],
  'align-right': ['M3 5h18', 'M9 10h12', 'M3 15h18', 'M9 20h12'],
  'align-justify': ['M3 5h18', 'M3 10h18', 'M3 15h18', 'M3 20h18'],
  trash: ['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13', 'M10 11v6', 'M14 11v6'],
  image: ['M3 5h18v14H3z', 'M3 16l5-5 4 4 3-3 6 6', 'M15 9h.01'],
  'row-add': ['M3 6h18', 'M3 12h18', 'M12 15v6', 'M9 18h6'],
  'row-remove': ['M3 6h18', 'M3 12h18', 'M9 18h6'],
  'column-add': ['M6 3v18', 'M12 3v18', 'M18 9v6', 'M15 12h6'],
  'column-remove': ['M6 3v18', 'M12 3v18', 'M15 12h6'],
};

export type IconName = keyof typeof LINES;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }): ReactElement {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {(LINES[name] ?? []).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
