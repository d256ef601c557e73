// select/image: items with images ({value, label, image url}) as a grid of tiles, single or multiple.
// Each tile is a toggle button (aria-pressed); arrow keys move between tiles (roving tabindex), Space
// or Enter picks. A single select picks one (picking it again clears it); a multiple one toggles.
import { useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import { asList, asText, sameValue } from '../shared/values';

export function ImageSelectControl(props: ControlProps) {
  const intl = useIntl();
  const { field, value, onChange, readOnly, id } = props;
  const { items, multiple } = field.options;
  const images = (field.options.customData.images as Record<string, string> | undefined) ?? {};
  const chosen = asList(value);
  const isChosen = (v: unknown) => chosen.some((c) => sameValue(c, v));
  const firstChosen = Math.max(0, items.findIndex((item) => isChosen(item.value)));
  const [focus, setFocus] = useState(firstChosen);
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);

  const toggle = (v: string | number) => {
    if (readOnly) return;
    if (multiple) onChange(isChosen(v) ? chosen.filter((c) => !sameValue(c, v)) : [...chosen, v]);
    else onChange(isChosen(v) ? null : v);
  };

  const move = (index: number) => {
    const next = (index + items.length) % items.length;
    setFocus(next);
    tiles.current[next]?.focus();
  };
  const columns = () => {
    const grid = tiles.current[0]?.parentElement;
    if (!grid || typeof getComputedStyle !== 'function') return 1;
    const template = getComputedStyle(grid).gridTemplateColumns;
    return template ? Math.max(1, template.split(' ').filter(Boolean).length) : 1;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns(), ArrowUp: -columns() }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      move(index + step);
    } else if (event.key === 'Home') {
      event.preventDefault();
      move(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      move(items.length - 1);
    }
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
              ref={(el) => {
                tiles.current[index] = el;
              }}
              type="button"
              className={`image-option${pressed ? ' chosen' : ''}`}
              data-testid="image-option"
              data-value={asText(item.value)}
              aria-pressed={pressed}
              disabled={readOnly}
              tabIndex={index === focus ? 0 : -1}
              onFocus={() => setFocus(index)}
              onClick={() => toggle(item.value)}
              onKeyDown={(e) => onKeyDown(e, index)}
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
