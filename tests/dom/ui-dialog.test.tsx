// The Dialog of renderers/ui as a keyboard and screen-reader user meets it: named by its title, focus
// moved in and kept there, the page behind inert, Escape closes, focus back on the opener; the toasts
// stay reachable while it is open.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUES, DEFAULT_LOCALE } from '../../runtime/i18n/catalogues';
import { Dialog } from '../../renderers/ui/Dialog';
import { Toasts } from '../../renderers/ui/Toasts';
import { dismissToast, showToast, toastStore } from '../../renderers/ui/toast';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <IntlProvider locale="en" messages={CATALOGUES[DEFAULT_LOCALE]}>
      <button type="button" onClick={() => setOpen(true)}>
        Delete…
      </button>
      <button type="button">Behind</button>
      <Dialog
        open={open}
        title="Delete the record?"
        onClose={() => setOpen(false)}
        testId="confirm"
        actions={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button">Delete</button>
          </>
        }
      >
        <p>It cannot be undone.</p>
      </Dialog>
      <Toasts />
    </IntlProvider>
  );
}

afterEach(() => {
  cleanup();
  for (const t of toastStore.get()) dismissToast(t.id);
});

describe('Dialog', () => {
  it('is absent until opened, then a dialog named by its title with focus inside and the page behind inert', async () => {
    render(<Page />);
    expect(screen.queryByTestId('confirm')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Delete…' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Delete the record?' });
    expect(dialog.dataset.testid).toBe('confirm');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.querySelector('h2')?.textContent).toBe('Delete the record?');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // The opener and the rest of the page are out of reach while the dialog is open (inert in a
    // browser; jsdom has no inert, so react-aria falls back to aria-hidden).
    expect(opener.closest('[inert], [aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Behind' })).toBeNull();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Delete…' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(opener.closest('[inert], [aria-hidden="true"]')).toBeNull();
  });

  it('keeps the toasts reachable while open: a toast shown then is announced and can be closed', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    await screen.findByRole('dialog');
    act(() => void showToast('Saved', 'success'));
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Saved');
    expect(toast.closest('[inert], [aria-hidden="true"]')).toBeNull();
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
