// The edit page's own light widgets (renderers/ui Tabs, ListBox, Select, Combo, Popup), which replaced
// react-aria's there: the roles, names and keyboard use a user had with react-aria's still work.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnchoredDialog } from '../../renderers/ui/AnchoredDialog';
import { ComboInput } from '../../renderers/ui/ComboInput';
import { ListBox, type ListOption } from '../../renderers/ui/ListBox';
import { SelectButton } from '../../renderers/ui/SelectButton';
import { Tabs } from '../../renderers/ui/Tabs';

afterEach(cleanup);

describe('the light tabs', () => {
  const tabs = ['General', 'Extra', 'System'].map((label) => ({ id: label.toLowerCase(), label, content: <input aria-label={`${label} field`} /> }));

  it('one tab stop; arrows select the next or previous tab (wrapping), Home and End the ends; each panel stays mounted', () => {
    render(<Tabs tabs={tabs} label="Record" />);
    expect(screen.getByRole('tablist', { name: 'Record' })).toBeTruthy();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('General').getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('General').id);
    expect(tab('General').getAttribute('aria-controls')).toBe(panel.id);
    tab('General').focus();
    fireEvent.keyDown(tab('General'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Extra'));
    expect(tab('Extra').getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    expect(screen.getByRole('tabpanel').contains(screen.getByLabelText('Extra field'))).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(tab('System'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('General'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('System'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(tab('General').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tab('Extra'));
    expect(tab('Extra').getAttribute('aria-selected')).toBe('true');
    // The hidden panels are still there (a field keeps its state).
    expect(screen.getByLabelText('General field', { selector: 'input' })).toBeTruthy();
    expect(document.querySelectorAll('[role="tabpanel"][hidden]')).toHaveLength(2);
  });
});

const FRUIT: ListOption[] = ['Apple', 'Banana', 'Blueberry', 'Cherry', 'Damson'].map((label) => ({ id: label.toLowerCase(), label }));

function Select({ multiple = false, searchFrom = 99, options = FRUIT }: { multiple?: boolean; searchFrom?: number; options?: ListOption[] }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <span id="fruit-label">Fruit</span>
      <SelectButton id="fruit" name="fruit" labelId="fruit-label" options={options} selected={selected} multiple={multiple} onChange={setSelected} placeholder="Choose" searchFrom={searchFrom} searchLabel="Search" emptyText="No results" />
      <output data-testid="chosen">{selected.join(',')}</output>
    </>
  );
}

describe('the light select', () => {
  const trigger = () => screen.getByRole('button', { name: /^Fruit/ });
  const focused = () => document.activeElement?.textContent;

  it('Arrow Up opens on the last option; Home, End and letters move; Space picks and closes; Escape gives the focus back', () => {
    render(<Select />);
    expect(trigger().getAttribute('aria-haspopup')).toBe('listbox');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    act(() => trigger().focus());
    fireEvent.keyDown(trigger(), { key: 'ArrowUp' });
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox');
    expect(trigger().getAttribute('aria-controls')).toBe(list.id);
    expect(focused()).toBe('Damson');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focused()).toBe('Apple');
    fireEvent.keyDown(document.activeElement!, { key: 'b' });
    expect(focused()).toBe('Banana');
    fireEvent.keyDown(document.activeElement!, { key: 'b' });
    expect(focused()).toBe('Blueberry');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focused()).toBe('Apple');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(screen.getByTestId('chosen').textContent).toBe('damson');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().textContent).toBe('Damson');
    expect((document.querySelector('select[name="fruit"]') as HTMLSelectElement).value).toBe('damson');
    // Opening again starts on the chosen option; Escape closes without a change.
    fireEvent.click(trigger());
    expect(focused()).toBe('Damson');
    expect(screen.getByRole('option', { name: 'Damson' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(screen.getByTestId('chosen').textContent).toBe('damson');
    // A letter on the closed button chooses the next option starting with it.
    fireEvent.keyDown(trigger(), { key: 'b' });
    fireEvent.keyDown(trigger(), { key: 'b' });
    expect(screen.getByTestId('chosen').textContent).toBe('blueberry');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('several: Enter toggles and the list stays open; a press outside closes it', () => {
    render(<Select multiple />);
    fireEvent.click(trigger());
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).toBe('apple,banana');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).toBe('apple');
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a long list: the search box takes the focus, filters without case or accents, its arrows and Enter pick', () => {
    render(<Select searchFrom={3} options={[...FRUIT, { id: 'bael', label: 'Bæl' }, { id: 'acai', label: 'Açaí' }]} />);
    fireEvent.click(trigger());
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'AI' } });
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Açaí']);
    fireEvent.change(search, { target: { value: 'b' } });
    // Typing makes the first match active (Enter would pick it), with the focus ring drawn on it.
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Banana' }).id);
    expect(screen.getByRole('option', { name: 'Banana' }).dataset.focusVisible).toBe('true');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Blueberry' }).id);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).toBe('blueberry');
    expect(document.activeElement).toBe(trigger());
    fireEvent.click(trigger());
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.getByRole('listbox').textContent).toBe('No results');
  });
});

function Combo({ multiple = false }: { multiple?: boolean }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const shown = FRUIT.filter((f) => f.label.toLowerCase().includes(text.toLowerCase()));
  return (
    <>
      <label id="c-label" htmlFor="c">Fruit</label>
      <ComboInput id="c" name="c" labelId="c-label" text={text} onText={setText} options={shown} selected={picked} multiple={multiple} buttonLabel="Show fruit" popupClassName="p" listClassName="l"
        onPick={(o) => (multiple ? setPicked((p) => [...p, o.id]) : (setPicked([o.id]), setText(o.label)))} />
      <output data-testid="picked">{picked.join(',')}</output>
    </>
  );
}

describe('the light combo box', () => {
  const input = () => screen.getByRole('combobox', { name: 'Fruit' });

  it('opens on focus; arrows move the active option while the focus stays in the input; Enter picks and closes', () => {
    render(<Combo />);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    act(() => input().focus());
    expect(input().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Fruit' });
    expect(input().getAttribute('aria-controls')).toBe(list.id);
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Banana' }).id);
    expect(document.activeElement).toBe(input());
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Damson' }).id);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('picked').textContent).toBe('damson');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect((input() as HTMLInputElement).value).toBe('Damson');
  });

  it('typing filters and opens; Escape closes and keeps the focus; Arrow Down opens again; the button toggles', () => {
    render(<Combo />);
    act(() => input().focus());
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(input());
    fireEvent.change(input(), { target: { value: 'rr' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Blueberry', 'Cherry']);
    fireEvent.keyDown(input(), { key: 'Escape' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show fruit' }));
    expect(input().getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input(), { target: { value: 'zzz' } });
    expect(input().getAttribute('aria-expanded')).toBe('false'); // no options and no empty text: no list
  });

  it('several: a click picks and the list stays open', () => {
    render(<Combo multiple />);
    act(() => input().focus());
    fireEvent.click(screen.getByRole('option', { name: 'Cherry' }));
    fireEvent.click(screen.getByRole('option', { name: 'Apple' }));
    expect(screen.getByTestId('picked').textContent).toBe('cherry,apple');
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
  });
});

function InlineList({ disabled = false }: { disabled?: boolean }) {
  const [selected, setSelected] = useState<string[]>(['cherry']);
  const [active, setActive] = useState(-1);
  return (
    <ListBox id="inline" label="Fruit" options={FRUIT} selected={selected} multiple active={active} setActive={setActive} focusMode="focus" disabled={disabled}
      onPick={(o) => setSelected((s) => (s.includes(o.id) ? s.filter((x) => x !== o.id) : [...s, o.id]))} />
  );
}

describe('the light inline listbox', () => {
  it('one tab stop on the chosen option; arrows, End and letters move the focus; Space and Enter toggle', () => {
    render(<InlineList />);
    const option = (name: string) => screen.getByRole('option', { name });
    expect(screen.getAllByRole('option').filter((o) => o.tabIndex === 0)).toEqual([option('Cherry')]);
    act(() => option('Cherry').focus());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(option('Damson'));
    expect(screen.getAllByRole('option').filter((o) => o.tabIndex === 0)).toEqual([option('Damson')]);
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    fireEvent.keyDown(document.activeElement!, { key: 'a' });
    expect(document.activeElement).toBe(option('Apple'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true').map((o) => o.textContent)).toEqual(['Apple', 'Cherry', 'Damson']);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(option('Damson').getAttribute('aria-selected')).toBe('false');
  });

  it('disabled: announced, and neither keys nor clicks pick', () => {
    render(<InlineList disabled />);
    expect(screen.getByRole('listbox').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Apple' }));
    act(() => screen.getByRole('option', { name: 'Cherry' }).focus());
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true').map((o) => o.textContent)).toEqual(['Cherry']);
  });
});

function Picker() {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const anchor = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <input ref={anchor} aria-label="Due" readOnly onClick={() => setOpen(true)} />
      <button type="button">Elsewhere</button>
      <AnchoredDialog open={open} anchorRef={anchor} label="Due" onDismiss={(refocus) => {
          setOpen(false);
          setLog((l) => [...l, refocus ? 'escape' : 'outside']);
          if (refocus) anchor.current?.focus();
        }}>
        <button type="button">Ok</button>
      </AnchoredDialog>
      <output data-testid="log">{log.join(',')}</output>
    </>
  );
}

describe('the light anchored dialog', () => {
  it('takes the focus when it opens; Escape dismisses it with the focus back; a press or the focus outside dismisses it', () => {
    render(<Picker />);
    const input = screen.getByRole('textbox', { name: 'Due' });
    fireEvent.click(input);
    const dialog = screen.getByRole('dialog', { name: 'Due' });
    expect(document.activeElement).toBe(dialog);
    act(() => screen.getByRole('button', { name: 'Ok' }).focus());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
    fireEvent.click(input);
    fireEvent.pointerDown(input); // the anchor itself is not outside
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(input);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('log').textContent).toBe('escape,outside,outside');
  });
});
