// The template picker control (spec section 2: "Template picker: value is component and template";
// renderers/ui/TemplatePicker.tsx): a component with a template distribution, then one of its
// entrypoints; None clears it; a value the choices no longer hold is kept and said so; no choices at all
// say how to get one.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TemplatePicker } from '../../renderers/ui/TemplatePicker';
import type { TemplatePickerValue } from '../../schemas';
import type { TemplateSource } from '../../runtime/forge/templatePicker';
import { withIntl } from './harness';

const CARDS = '01900000-0000-7000-8000-000000000001';
const NOTES = '01900000-0000-7000-8000-000000000002';
const SOURCES: TemplateSource[] = [
  { component: CARDS, label: 'Cards', templates: ['list.html', 'views/card.html'] },
  { component: NOTES, label: 'Notes', templates: ['notes.html'] },
];

function Harness({ initial, sources = SOURCES, seen }: { initial: TemplatePickerValue | null; sources?: TemplateSource[]; seen: (TemplatePickerValue | null)[] }) {
  const [value, setValue] = useState(initial);
  return withIntl(
    <TemplatePicker
      name="list.fields.0.component_template"
      sources={sources}
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />,
  );
}

const select = (name: string) => document.querySelector<HTMLSelectElement>(`select[name="list.fields.0.component_template.${name}"]`)!;

describe('TemplatePicker', () => {
  afterEach(cleanup);

  it('picks a component (its first entrypoint), then a template; None clears the value', () => {
    const seen: (TemplatePickerValue | null)[] = [];
    render(<Harness initial={null} seen={seen} />);
    expect(select('template').disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Template component' })).toBe(select('component'));
    fireEvent.change(select('component'), { target: { value: CARDS } });
    expect(seen.at(-1)).toEqual({ component: CARDS, template: 'list.html' });
    expect([...select('template').options].map((option) => option.value)).toEqual(['list.html', 'views/card.html']);
    fireEvent.change(select('template'), { target: { value: 'views/card.html' } });
    expect(seen.at(-1)).toEqual({ component: CARDS, template: 'views/card.html' });
    fireEvent.change(select('component'), { target: { value: NOTES } });
    expect(seen.at(-1)).toEqual({ component: NOTES, template: 'notes.html' });
    fireEvent.change(select('component'), { target: { value: '' } });
    expect(seen.at(-1)).toBeNull();
    expect(screen.queryByTestId('template-picker-issue')).toBeNull();
  });

  it('keeps a value the choices no longer hold and says what is wrong', () => {
    render(<Harness initial={{ component: CARDS, template: 'gone.html' }} seen={[]} />);
    expect(select('template').value).toBe('gone.html');
    expect(screen.getByTestId('template-picker-issue').textContent).toContain('not an entrypoint');
  });

  it('says how to get a template when no component has a distribution', () => {
    render(<Harness initial={null} sources={[]} seen={[]} />);
    expect(screen.getByTestId('template-picker-empty').textContent).toContain('No component has a template distribution yet');
  });
});
