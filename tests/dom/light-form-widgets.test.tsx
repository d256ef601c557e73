// The edit page's own light widgets (renderers/ui Tabs, ListBox, Select, Combo, Popup), which replaced
// react-aria's there: the roles, names and keyboard use a user had with react-aria's still work.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
