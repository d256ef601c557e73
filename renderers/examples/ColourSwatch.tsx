// The example of docs/custom-renderers.md: select/text fields whose key is "colour" render as swatches.
// tests/dom/custom-renderer.test.tsx mounts it.
import { and, FieldFrame, keyIs, moduleTypeIs, RANK, rankWith, type ControlProps, type RendererEntry } from '../index';

export function ColourSwatchControl(props: ControlProps) {
  const { field, value, onChange, readOnly } = props;
  return (
    <FieldFrame props={props} group>
      <div role="radiogroup" data-testid="colour-swatch" style={{ display: 'flex', gap: 8 }}>
        {field.options.items.map((item) => (
          <button
            key={String(item.value)}
            type="button"
            role="radio"
            aria-checked={value === item.value}
            aria-label={item.label}
            disabled={readOnly}
            onClick={() => onChange(item.value)}
            style={{ width: 28, height: 28, borderRadius: 14, background: String(item.value), outline: value === item.value ? '3px solid' : 'none' }}
          />
        ))}
      </div>
    </FieldFrame>
  );
}

export const colourSwatchEntry: RendererEntry = {
  name: 'colour swatch',
  tester: rankWith(RANK.custom, and(moduleTypeIs('select', 'text'), keyIs('colour'))),
  renderer: ColourSwatchControl,
};
