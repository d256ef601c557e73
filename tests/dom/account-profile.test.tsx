// /home/users/profile: ending the other sessions after a confirmation, enrolling in two-factor (QR code and
// key, then a code), and the save rules (password mismatch dialog, billing form rules, 417 at fields).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionItem } from '../../runtime/api/iam';
import { billingErrors, billingPayload, emptyBilling } from '../../runtime/validation/billing';
import { toastStore } from '../../renderers/ui/toast';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { apiError, fakeApi, renderApp, signedInRoutes, type Answer, type Call, type Routes } from './account-harness';

const session = (uuid: string, current: boolean, userAgent: string | null): SessionItem => ({
  uuid,
  created_at: '2025-03-01T08:00:00Z',
  last_seen_at: '2025-03-02T09:30:00Z',
  ip: current ? '10.0.0.1' : '192.0.2.7',
  user_agent: userAgent,
  current,
});

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let sessions: SessionItem[];
let twoFactor: { enabled: boolean };

function profileApi(extra: Routes = {}): Call[] {
  return fakeApi({
    ...signedInRoutes(),
    'GET /v1/user/sessions': () => sessions,
    'POST /v1/user/sessions/end-others': () => {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return { ended };
    },
    'GET /v1/user/two-factor': () => twoFactor,
    ...extra,
  });
}

const toasts = () => toastStore.get().map((t) => t.message);

beforeEach(() => {
  sessions = [session('s-1', true, FIREFOX), session('s-2', false, SAFARI), session('s-3', false, null)];
  twoFactor = { enabled: false };
  toastStore.set([]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearBreadcrumbs();
});

describe('profile: sessions', () => {
  it('lists the sessions and ends all others only after confirming', async () => {
    const calls = profileApi();
    renderApp('/home/users/profile');
    const list = await screen.findByTestId('sessions-list');
    await waitFor(() => expect(within(list).getAllByTestId('session-row')).toHaveLength(3));
    const rows = within(list).getAllByTestId('session-row');
    expect(rows[0]!.textContent).toContain('Firefox on Windows');
    expect(rows[0]!.textContent).toContain('This device');
    expect(rows[0]!.textContent).toContain('10.0.0.1');
    expect(rows[1]!.textContent).toContain('Safari on iOS');
    expect(rows[1]!.textContent).not.toContain('This device');
    expect(rows[2]!.textContent).toContain('Unknown device');

    const endOthers = () => calls.filter((c) => c.path === '/v1/user/sessions/end-others');
    // Cancelling the confirmation ends nothing.
    fireEvent.click(screen.getByTestId('sessions-end-others'));
    const dialog = await screen.findByTestId('sessions-confirm');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.textContent).toContain('The 2 other devices will be signed out.');
    fireEvent.click(within(dialog).getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByTestId('sessions-confirm')).toBeNull());
    expect(endOthers()).toHaveLength(0);

    fireEvent.click(screen.getByTestId('sessions-end-others'));
    fireEvent.click(within(screen.getByTestId('sessions-confirm')).getByTestId('confirm-yes'));
    await waitFor(() => expect(within(list).getAllByTestId('session-row')).toHaveLength(1));
    expect(endOthers()).toHaveLength(1);
    expect(endOthers()[0]!.method).toBe('POST');
    expect(within(list).getByTestId('session-row').getAttribute('data-uuid')).toBe('s-1');
    expect(toasts()).toContain('account.sessions.endedOthers');
    // Nothing left to end.
    expect((screen.getByTestId('sessions-end-others') as HTMLButtonElement).disabled).toBe(true);
  });

  it('ends another session at once, and signing out this device goes to /login', async () => {
    const calls = profileApi({
      'DELETE /v1/user/sessions/s-2': () => ({}),
      'DELETE /v1/user/sessions/s-1': () => ({}),
    });
    const { router } = renderApp('/home/users/profile');
    const list = await screen.findByTestId('sessions-list');
    await waitFor(() => expect(within(list).getAllByTestId('session-row')).toHaveLength(3));

    fireEvent.click(within(within(list).getAllByTestId('session-row')[1]!).getByTestId('session-end'));
    await waitFor(() => expect(within(list).getAllByTestId('session-row')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/v1/user/sessions/s-2']);

    fireEvent.click(within(within(list).getAllByTestId('session-row')[0]!).getByTestId('session-end'));
    fireEvent.click(within(await screen.findByTestId('sessions-confirm')).getByTestId('confirm-yes'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/v1/user/sessions/s-2', '/v1/user/sessions/s-1']);
  });
});

describe('profile: two-factor enrolment', () => {
  it('shows the QR code and key, refuses a wrong code, then turns two-factor on', async () => {
    const qr = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';
    const enableBodies: unknown[] = [];
    profileApi({
      'POST /v1/user/two-factor/setup': () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Luma:ana?secret=JBSWY3DPEHPK3PXP', qr }),
      'POST /v1/user/two-factor/enable': (call) => {
        enableBodies.push(call.body);
        if ((call.body as { code: string }).code !== '246810') return apiError(417, 'fieldsNotValid', [{ field: 'code', messages: ['invalidCode'] }]);
        twoFactor = { enabled: true };
        return twoFactor;
      },
    });
    renderApp('/home/users/profile');
    const status = await screen.findByTestId('twofactor-status');
    expect(status.getAttribute('data-enabled')).toBe('false');
    expect(screen.queryByTestId('twofactor-qr')).toBeNull();

    fireEvent.click(screen.getByTestId('twofactor-enable'));
    const image = (await screen.findByTestId('twofactor-qr')) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(qr);
    expect(image.getAttribute('alt')).toBeTruthy();
    expect(screen.getByTestId('twofactor-secret').textContent).toBe('JBSWY3DPEHPK3PXP');

    const code = screen.getByTestId('twofactor-code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('twofactor-confirm'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The code is not valid.'));
    expect(code.value).toBe('');
    // Still enrolling: the QR code stays for the next try.
    expect(screen.getByTestId('twofactor-qr')).toBeTruthy();

    fireEvent.change(code, { target: { value: '246 810' } });
    fireEvent.click(screen.getByTestId('twofactor-confirm'));
    await waitFor(() => expect(screen.getByTestId('twofactor-status').getAttribute('data-enabled')).toBe('true'));
    expect(screen.getByTestId('twofactor-status').textContent).toContain('On');
    expect(screen.queryByTestId('twofactor-qr')).toBeNull();
    expect(screen.getByTestId('twofactor-disable')).toBeTruthy();
    expect(enableBodies).toEqual([{ code: '111111' }, { code: '246810' }]);
    expect(toasts()).toContain('account.twoFactor.turnedOn');
  });

  it('turns two-factor off with a current code', async () => {
    twoFactor = { enabled: true };
    const calls = profileApi({ 'POST /v1/user/two-factor/disable': () => (twoFactor = { enabled: false }) });
    renderApp('/home/users/profile');
    fireEvent.click(await screen.findByTestId('twofactor-disable'));
    fireEvent.change(screen.getByTestId('twofactor-code'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('twofactor-confirm'));
    await waitFor(() => expect(screen.getByTestId('twofactor-status').getAttribute('data-enabled')).toBe('false'));
    expect(calls.find((c) => c.path === '/v1/user/two-factor/disable')?.body).toEqual({ code: '135790' });
  });
});

describe('profile: saving', () => {
  it('opens the passwordNotValid dialog on a mismatch, without calling', async () => {
    const calls = profileApi();
    renderApp('/home/users/profile');
    fireEvent.change(await screen.findByTestId('profile-password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByTestId('profile-password-confirmation'), { target: { value: 'new password 2' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    const dialog = await screen.findByTestId('password-not-valid-dialog');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.textContent).toContain('The password is not valid.');
    expect(toasts()).toContain('fieldsNotValid');
    expect(calls.some((c) => c.path === '/v1/user/profile/edit')).toBe(false);
  });

  it('sends the profile with the time zone, billing address and end_other_sessions; 417 goes to the fields', async () => {
    const bodies: unknown[] = [];
    profileApi({
      'POST /v1/user/profile/edit': (call) => {
        bodies.push(call.body);
        return apiError(417, 'fieldsNotValid', [{ field: 'email', messages: ['email_already_exists'] }]);
      },
    });
    renderApp('/home/users/profile');
    const timezone = (await screen.findByTestId('profile-timezone')) as HTMLSelectElement;
    expect(timezone.value).toBe('Europe/Belgrade');
    expect([...timezone.options].map((o) => o.value)).toContain('America/New_York');
    fireEvent.change(timezone, { target: { value: 'America/New_York' } });
    fireEvent.change(screen.getByTestId('profile-email'), { target: { value: 'taken@luma.test' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'RS' } });
    for (const [label, value] of [['First name', 'Ana'], ['Last name', 'Anić'], ['Address', 'Knez Mihailova 1'], ['City', 'Beograd'], ['Billing e-mail', 'billing@luma.test']]) {
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
    fireEvent.change(screen.getByTestId('profile-password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByTestId('profile-password-confirmation'), { target: { value: 'new password 1' } });
    expect((screen.getByTestId('profile-end-others') as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByTestId('profile-save'));
    });

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Ana Anić',
      email: 'taken@luma.test',
      settings: { timezone: 'America/New_York', theme: 'light' },
      billing_address: { type: 'person', country: 'RS', firstname: 'Ana', lastname: 'Anić', address: 'Knez Mihailova 1', city: 'Beograd', email: 'billing@luma.test' },
      password: 'new password 1',
      password_confirmation: 'new password 1',
      end_other_sessions: true,
    });
    const email = screen.getByTestId('profile-email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(email.closest('.field')?.textContent).toContain('Email already exists');
    expect(toasts()).toContain('fieldsNotValid');
  });
});

describe('billing form rules (spec section 5)', () => {
  it('requires the person fields, with at least 2 characters, and an e-mail', () => {
    expect(billingErrors(emptyBilling('person'))).toEqual({});
    const person = { ...emptyBilling('person'), country: 'DE', firstname: 'A', zipcode: '1' };
    expect(billingErrors(person)).toEqual({
      'billing_address.firstname': ['cantBeLessThenChars'],
      'billing_address.lastname': ['fieldRequired'],
      'billing_address.address': ['fieldRequired'],
      'billing_address.city': ['fieldRequired'],
      'billing_address.zipcode': ['cantBeLessThenChars'],
      'billing_address.email': ['fieldRequired'],
    });
  });

  it('requires the company fields, the main number only in Serbia, and no e-mail', () => {
    const company = { ...emptyBilling('company'), country: 'DE', company: 'Luma GmbH', vat_number: 'DE123', address: 'Str. 1', city: 'Berlin' };
    expect(billingErrors(company)).toEqual({});
    expect(billingErrors({ ...company, country: 'RS' })).toEqual({ 'billing_address.main_number': ['fieldRequired'] });
    expect(billingErrors({ ...company, country: 'RS', main_number: '12345678' })).toEqual({});
    // Only the company's fields are sent; a person's leftovers are not.
    expect(billingPayload({ ...company, firstname: 'Ana' })).toEqual({ type: 'company', country: 'DE', company: 'Luma GmbH', vat_number: 'DE123', address: 'Str. 1', city: 'Berlin' });
  });
});

describe('billing card: the company lookup by Serbian VAT number (spec section 5)', () => {
  const company = async () => {
    renderApp('/home/users/profile');
    const card = await screen.findByTestId('billing-information');
    fireEvent.click(within(card).getByLabelText('Company'));
    fireEvent.change(within(card).getByLabelText('Country'), { target: { value: 'RS' } });
    return card;
  };
  const vat = (card: HTMLElement) => within(card).getByLabelText(/^VAT number/) as HTMLInputElement;

  it('at 9 characters fills main number, company, address and city from the lookup', async () => {
    const asked: string[] = [];
    profileApi({
      'GET /integration/invoicing/services/nbs/search': () => {
        asked.push('lookup');
        return { mb: '07654321', name: 'Luma d.o.o.', address: 'Knez Mihailova 1', place: 'Beograd' };
      },
    });
    const card = await company();
    fireEvent.change(vat(card), { target: { value: '10123456' } });
    expect(asked).toEqual([]);
    fireEvent.change(vat(card), { target: { value: '101234567' } });
    await waitFor(() => expect((within(card).getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Luma d.o.o.'));
    expect((within(card).getByLabelText(/^Company registration number/) as HTMLInputElement).value).toBe('07654321');
    expect((within(card).getByLabelText(/^Address/) as HTMLInputElement).value).toBe('Knez Mihailova 1');
    expect((within(card).getByLabelText(/^City/) as HTMLInputElement).value).toBe('Beograd');
    expect(asked).toEqual(['lookup']);
  });

  it('companyVatSearchSerbiaError only when the VAT number had a value before; nothing when the lookup is not there', async () => {
    let answer: Answer = apiError(404, 'companyNotFoundByTaxNumber');
    profileApi({ 'GET /integration/invoicing/services/nbs/search': () => answer });
    const card = await company();
    const field = () => vat(card).closest('.field')!;
    // Pasted into an empty field: no error.
    fireEvent.change(vat(card), { target: { value: '101234567' } });
    await waitFor(() => expect(vat(card).value).toBe('101234567'));
    await act(async () => undefined);
    expect(field().textContent).not.toContain('No company was found');
    // Changed from a previous value: the error.
    fireEvent.change(vat(card), { target: { value: '101234568' } });
    await waitFor(() => expect(field().textContent).toContain('No company was found for this tax number.'));
    // The lookup route not there (the generic 404): no error, nothing filled.
    answer = undefined;
    fireEvent.change(vat(card), { target: { value: '101234569' } });
    await waitFor(() => expect(field().textContent).not.toContain('No company was found'));
    expect((within(card).getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('');
  });
});
