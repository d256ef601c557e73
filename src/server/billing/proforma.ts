// The bank transfer's pro-forma invoice (docs/billing.md "Bank transfer"): one page made with pdfmake
// (platform/pdf.ts), in the caller's language: number, date, payee and account, the billing address
// the checkout saw, the product, its period and the amount, and the reference to write on the transfer.
import type { BillingAddress } from '../../../runtime/api/contract';
import type { BillingSubscriptionRow } from '../db/schema-billing';
import type { BillingConfig } from '../platform/config-billing';
import { renderPdf } from '../platform/pdf';
import { findPrice } from './catalogue';

const WORDS = {
  en: { title: 'Pro-forma invoice', number: 'Number', date: 'Date', payee: 'Payee', account: 'Account', buyer: 'Buyer', item: 'Item', days: 'days', total: 'Total', reference: 'Reference for the transfer', note: 'Pay by bank transfer with the reference above. The subscription starts when the payment is approved.' },
  sr: { title: 'Predračun', number: 'Broj', date: 'Datum', payee: 'Primalac', account: 'Račun', buyer: 'Kupac', item: 'Stavka', days: 'dana', total: 'Ukupno', reference: 'Poziv na broj', note: 'Platite uplatom na račun sa pozivom na broj iznad. Pretplata počinje kada uplata bude odobrena.' },
} as const;

export function proformaNumber(row: Pick<BillingSubscriptionRow, 'number' | 'created_at'>): string {
  return `PF-${new Date(row.created_at).getUTCFullYear()}-${String(row.number).padStart(6, '0')}`;
}

function buyerLines(address: BillingAddress | null): string[] {
  if (!address) return [];
  const name = address.type === 'company' ? address.company : [address.firstname, address.lastname].filter(Boolean).join(' ');
  const lines = [name, address.address, [address.zipcode, address.city].filter(Boolean).join(' '), address.state, address.country];
  if (address.vat_number) lines.push(`VAT ${address.vat_number}`);
  if (address.main_number) lines.push(`MB ${address.main_number}`);
  return lines.filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

export function proformaPdf(row: BillingSubscriptionRow, config: BillingConfig, lang: string): Promise<Buffer> {
  const words = lang.toLowerCase().startsWith('sr') ? WORDS.sr : WORDS.en;
  const price = findPrice(row.product_id, config);
  const amount = `${(row.amount / 100).toFixed(2)} ${row.currency}`;
  const number = proformaNumber(row);
  const bank = config.bank ?? { payee: '', account: '' };
  return renderPdf({
    info: { title: `${words.title} ${number}`, producer: 'Luma' },
    content: [
      { text: words.title, fontSize: 20, bold: true, margin: [0, 0, 0, 12] },
      { text: `${words.number}: ${number}` },
      { text: `${words.date}: ${new Date(row.created_at).toISOString().slice(0, 10)}`, margin: [0, 0, 0, 12] },
      { text: `${words.payee}: ${bank.payee}` },
      { text: `${words.account}: ${bank.account}`, margin: [0, 0, 0, 12] },
      { text: words.buyer, bold: true },
      ...buyerLines(row.billing_address as BillingAddress | null).map((line) => ({ text: line })),
      {
        margin: [0, 16, 0, 16],
        table: {
          widths: ['*', 'auto'],
          body: [
            [{ text: words.item, bold: true }, { text: words.total, bold: true }],
            [`${price?.name ?? row.product_id} (${price?.period_days ?? ''} ${words.days})`, amount],
          ],
        },
      },
      { text: `${words.reference}: ${number}`, bold: true },
      { text: words.note, margin: [0, 8, 0, 0], fontSize: 9 },
    ],
  });
}
