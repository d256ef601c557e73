// select/image: items with images ({value, label, image url}) as a grid of tiles, single or multiple.
// Each tile is a toggle button (aria-pressed); arrow keys move between tiles (roving tabindex), Space
// or Enter picks. A single select picks one (picking it again clears it); a multiple one toggles.
import { useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import { asList, asText, sameValue } from '../shared/values';

/** The columns of a CSS grid as laid out now (1 when it cannot tell). */
function gridColumns(grid: Element | null | undefined): number {
  if (!grid || typeof getComputedStyle !== 'function') return 1;
  const template = getComputedStyle(grid).gridTemplateColumns;
  return template ? Math.max(1, template.split(' ').filter(Boolean).length) : 1;
}

/**
 * A roving tabindex over `count` tiles of a grid: one tile is in the tab order; the arrow keys move
 * by one or by a row (wrapping round), Home and End to the first and last.
 */
function useRovingGrid(count: number, initial: number) {
  const [focus, setFocus] = useState(initial);
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = (index + count) % count;
    setFocus(next);
    tiles.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const columns = () => gridColumns(tiles.current[0]?.parentElement);
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns(), ArrowUp: -columns() }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      move(index + step);
    } else if (event.key === 'Home') {
      event.preventDefault();
      move(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      move(count - 1);
    }
  };
  return {
    tile: (index: number) => ({
      ref: (el: HTMLButtonElement | null) => {
        tiles.current[index] = el;
      },
      tabIndex: index === focus ? 0 : -1,
      onFocus: () => setFocus(index),
      onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => onKeyDown(e, index),
    }),
  };
}

export function ImageSelectControl(props: ControlProps) {
  const intl = useIntl();
  const { field, value, onChange, readOnly, id } = props;
  const { items, multiple } = field.options;
  const images = (field.options.customData.images as Record<string, string> | undefined) ?? {};
  const chosen = asList(value);
  const isChosen = (v: unknown) => chosen.some((c) => sameValue(c, v));
  const grid = useRovingGrid(items.length, Math.max(0, items.findIndex((item) => isChosen(item.value))));

  const toggle = (v: string | number) => {
    if (readOnly) return;
    if (multiple) onChange(isChosen(v) ? chosen.filter((c) => !sameValue(c, v)) : [...chosen, v]);
    else onChange(isChosen(v) ? null : v);
  };

  return (
    <FieldFrame props={props} group>
      <div
        className="image-select"
        data-testid="image-select"
        role="group"
        id={id}
        aria-label={field.label || field.key}
        aria-invalid={props.errors.length > 0 || undefined}
        aria-describedby={props.errors.length > 0 ? `${id}-errors` : undefined}
      >
        {items.length === 0 ? <p className="muted">{intl.formatMessage({ id: 'selects.noItems' })}</p> : null}
        {items.map((item, index) => {
          const src = images[asText(item.value)];
          const pressed = isChosen(item.value);
          return (
            <button
              key={asText(item.value)}
              {...grid.tile(index)}
              type="button"
              className={`image-option${pressed ? ' chosen' : ''}`}
              data-testid="image-option"
              data-value={asText(item.value)}
              aria-pressed={pressed}
              disabled={readOnly}
              onClick={() => toggle(item.value)}
            >
              {src ? <img src={src} alt="" loading="lazy" /> : <span className="image-option-empty" aria-hidden="true" />}
              <span className="image-option-label">{item.label}</span>
            </button>
          );
        })}
      </div>
    </FieldFrame>
  );
}

export const imageSelectControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'image'));
