// ARCHITECTURE.md "Browser": a keystroke re-renders only its own field, not the form.
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultRenderers, dispatch, RANK, type ControlProps, type RendererEntry } from '../../renderers';
import { compile, field, renderForm } from './harness';

describe('field state isolation', () => {
  it('a keystroke re-renders only the field typed into', () => {
    const renders = new Map<string, number>();
    // Wrap every built-in renderer in a counter: an entry per built-in, outranking it.
    const counting: RendererEntry[] = defaultRenderers.map((entry) => {
      const Inner = entry.renderer;
      const Counted = (props: ControlProps) => {
        renders.set(props.field.key, (renders.get(props.field.key) ?? 0) + 1);
        return <Inner {...props} />;
      };
      return { tester: (f) => (entry.tester(f) >= 0 ? RANK.custom : RANK.notApplicable), renderer: Counted };
    });
    const fields = Array.from({ length: 30 }, (_, i) => field(`f${i}`, i % 3 === 0 ? 'text' : 'input', i % 3 === 0 ? 'default' : 'text'));
    const view = compile(fields);
    expect(dispatch([...defaultRenderers, ...counting], view.fields[1]!).rank).toBe(RANK.custom);
    const { container } = renderForm({ view, entries: [...defaultRenderers, ...counting] });
    const before = new Map(renders);
    expect(before.size).toBe(30);

    const input = container.querySelector('input[name="f1"]')!;
    fireEvent.change(input, { target: { value: 'a' } });
    fireEvent.change(input, { target: { value: 'ab' } });
    fireEvent.change(input, { target: { value: 'abc' } });

    for (const [key, count] of renders) {
      const extra = count - (before.get(key) ?? 0);
      if (key === 'f1') expect(extra, key).toBeGreaterThanOrEqual(3);
      else expect(extra, key).toBe(0);
    }
  });
});
