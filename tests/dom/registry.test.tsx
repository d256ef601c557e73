import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultRenderers, dispatch, moduleTypeIs, RANK, rankWith, UnknownField, type ControlProps } from '../../renderers';
import { compile, field, renderForm, withIntl } from './harness';

const Loud = (_: ControlProps) => <p>loud</p>;
const Quiet = (_: ControlProps) => <p>quiet</p>;

describe('dispatch', () => {
  const [text] = compile([field('title', 'input', 'text')]).fields;

  it('picks the entry with the highest rank, whatever the order', () => {
    const entries = [
      { tester: rankWith(RANK.custom, moduleTypeIs('input', 'text')), renderer: Loud },
      { tester: rankWith(RANK.module, moduleTypeIs('input')), renderer: Quiet },
    ];
    expect(dispatch(entries, text!).renderer).toBe(Loud);
    expect(dispatch([...entries].reverse(), text!).renderer).toBe(Loud);
    expect(dispatch(entries, text!).rank).toBe(RANK.custom);
  });

  it('lets a later entry of the same rank override an earlier one', () => {
    const entries = [...defaultRenderers, { tester: rankWith(RANK.exact, moduleTypeIs('input', 'text')), renderer: Loud }];
    expect(dispatch(entries, text!).renderer).toBe(Loud);
  });

  it('falls back to the visible UnknownField below zero', () => {
    const [gallery] = compile([field('photos', 'image', 'gallery')]).fields;
    expect(dispatch(defaultRenderers, gallery!).renderer).toBe(UnknownField);
    expect(dispatch([], text!).renderer).toBe(UnknownField);
    expect(dispatch([{ tester: () => RANK.notApplicable, renderer: Loud }], text!).renderer).toBe(UnknownField);
  });

  it('renders an unknown module/type as a visible field, never a blank', () => {
    renderForm({ view: compile([field('photos', 'image', 'gallery')]) });
    expect(screen.getByTestId('unknown-field-photos').textContent).toContain('image/gallery');
    expect(screen.getByLabelText(/Photos/)).toBeTruthy();
  });

  it('builds defaultRenderers without side effects: a plain array of entries', () => {
    expect(Array.isArray(defaultRenderers)).toBe(true);
    for (const entry of defaultRenderers) {
      expect(typeof entry.tester).toBe('function');
      expect(entry.renderer).toBeTruthy();
    }
    render(withIntl(<p>ok</p>));
  });
});
