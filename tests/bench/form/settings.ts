// The benchmark's component: 200 fields, a mix of the types Records I renders.
import { defaultSettings } from '../../../runtime/components';
import type { ComponentSettings, FieldDefinition } from '../../../schemas';

const KINDS: { module: FieldDefinition['module']; type: FieldDefinition['type']; constraints?: Record<string, unknown> }[] = [
  { module: 'input', type: 'text', constraints: { required: true, length: { min: 2, max: 80 } } },
  { module: 'input', type: 'email' },
  { module: 'input', type: 'number', constraints: { min: 0, max: 1000 } },
  { module: 'text', type: 'default', constraints: { not_allowed_words: 'spam, x' } },
  { module: 'select', type: 'text', constraints: { selectables: { items: ['red', 'green', 'blue'], custom: false, multiple: false } } },
  { module: 'checkbox', type: 'bool' },
  { module: 'radio', type: 'text', constraints: { selectables: { items: ['yes', 'no'] } } },
  { module: 'picker', type: 'date' },
];

export const FIELD_COUNT = 200;

export function benchSettings(): ComponentSettings {
  const settings = defaultSettings('v1');
  const fields = Array.from({ length: FIELD_COUNT }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    return {
      name: `Field ${String(i).padStart(3, '0')}`,
      key: `field_${String(i).padStart(3, '0')}`,
      label: { en_US: `Field ${i}` },
      module: kind.module,
      type: kind.type,
      sortOrder: i,
      group: i < 100 ? 'general' : 'general',
      constraints: kind.constraints ?? {},
    };
  });
  return { ...settings, fields: fields as unknown as FieldDefinition[] };
}

/** The field the benchmark types into: a text input in the middle of the form. */
export const TYPED_FIELD = 'field_096';
