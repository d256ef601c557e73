// The operators' approvals of bank transfers (/admin/billing/approvals, docs/billing.md "Bank transfer"):
// the waiting transfers with their pro-forma number, amount, project and date; approve and refuse each after
// a confirmation (cancel sends nothing); a refused decision is said in the dialog; the empty list; anyone
// who is not an operator (403) is told whom it belongs to; the checkout page links operators here.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransferApproval } from '../../runtime/api/billing';
import { toastStore } from '../../renderers/ui/toast';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { apiError, fakeApi, renderApp, signedInRoutes, type Answer, type Call } from './account-harness';

const transfer = (uuid: string, proforma: string, project: string, amount: number): TransferApproval => ({
  uuid,
  product_id: 'luma-media-monthly',
  product_type: 'luma-media',
  is_trial: false,
  method: 'bank_transfer',
  state: 'pending_approval',
  amount,
  currency: 'EUR',
  starts_at: null,
  expires_at: null,
  created_at: '2026-11-20T08:00:00.000Z',
  proforma_url: `/api/transaction/billing/subscription/${uuid}/proforma`,
  project_uuid: `p-${uuid}`,
  project_name: project,
  proforma,
  state_at: '2026-11-21T09:30:00.000Z',
});

let waiting: TransferApproval[];

function api(decide: (call: Call) => Answer = () => undefined, list: () => Answer = () => waiting): Call[] {
  return fakeApi({
    ...signedInRoutes(),
    'GET /v3/system/components': () => [],
    'GET /transaction/billing/approvals': list,
    ...Object.fromEntries(
      ['t-1', 't-2'].map((uuid) => [
        `POST /transaction/billing/subscription/${uuid}/approval`,
        (call: Call) => {
          const refused = decide(call);
          if (refused) return refused;
          const item = waiting.find((w) => w.uuid === uuid)!;
          waiting = waiting.filter((w) => w.uuid !== uuid);
          return { ...item, state: (call.body as { approved: boolean }).approved ? 'subscribed' : 'failed' };
        },
      ]),
    ),
  });
}

const decisions = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/approval')).map((c) => [c.path, c.body]);
const rowOf = async (proforma: string) => (await screen.findAllByTestId('approval-row')).find((row) => row.getAttribute('data-proforma') === proforma)!;

beforeEach(() => {
  clearBreadcrumbs();
  localStorage.clear();
  toastStore.set([]);
  waiting = [transfer('t-1', 'PF-2026-000101', 'Petar’s shop', 900), transfer('t-2', 'PF-2026-000102', 'Ana’s studio', 2900)];
});
afterEach(() => vi.unstubAllGlobals());

describe('bank transfer approvals', () => {
  it('lists each waiting transfer with its pro-forma, amount, project and date', async () => {
    api();
    renderApp('/admin/billing/approvals');
    const row = await rowOf('PF-2026-000101');
    expect(row.textContent).toContain('Petar’s shop');
    expect(within(row).getByTestId('approval-amount').textContent).toBe('€9.00');
    expect(within(row).getByTestId('approval-proforma').getAttribute('href')).toBe('/api/transaction/billing/subscription/t-1/proforma');
    expect(within(row).getByText('pending approval')).toBeTruthy();
    expect(row.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-21T09:30:00.000Z');
    expect(within(await rowOf('PF-2026-000102')).getByTestId('approval-amount').textContent).toBe('€29.00');
  });

  it('approve asks first (cancel sends nothing), then approves and the row leaves; refuse likewise', async () => {
    const calls = api();
    renderApp('/admin/billing/approvals');
    fireEvent.click(within(await rowOf('PF-2026-000101')).getByTestId('approval-approve'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Approve PF-2026-000101?');
    expect(dialog.textContent).toContain('€9.00 from Petar’s shop');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(decisions(calls)).toEqual([]);

    fireEvent.click(within(await rowOf('PF-2026-000101')).getByTestId('approval-approve'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.getAllByTestId('approval-row')).toHaveLength(1));
    expect(toastStore.get().map((t) => t.message)).toContain('approvals.approvedToast');

    fireEvent.click(within(await rowOf('PF-2026-000102')).getByTestId('approval-refuse'));
    const refuse = await screen.findByTestId('confirm-dialog');
    expect(refuse.textContent).toContain('Refuse PF-2026-000102?');
    fireEvent.click(within(refuse).getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.getByTestId('approvals-empty')).toBeTruthy());
    expect(decisions(calls)).toEqual([
      ['/transaction/billing/subscription/t-1/approval', { approved: true }],
      ['/transaction/billing/subscription/t-2/approval', { approved: false }],
    ]);
  });

  it('a refused decision is said in the dialog, which stays open, and the row stays', async () => {
    api(() => apiError(409, 'subscriptionWrongState'));
    renderApp('/admin/billing/approvals');
    fireEvent.click(within(await rowOf('PF-2026-000101')).getByTestId('approval-approve'));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(within(screen.getByTestId('confirm-dialog')).getByRole('alert').textContent).not.toBe(''));
    expect(screen.getAllByTestId('approval-row')).toHaveLength(2);
  });

  it('tells a project admin who is not an operator whose screen this is', async () => {
    api(undefined, () => apiError(403, 'forbidden'));
    renderApp('/admin/billing/approvals');
    expect((await screen.findByTestId('approvals-operators-only')).textContent).toContain("Only the platform's operators approve bank transfers");
    expect(screen.queryByTestId('approval-row')).toBeNull();
  });

  it('speaks Serbian', async () => {
    api(undefined, () => []);
    renderApp('/admin/billing/approvals', 'sr');
    expect((await screen.findByTestId('approvals-empty')).textContent).toContain('Nijedna uplata ne čeka');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bankovne uplate za odobrenje');
  });
});
