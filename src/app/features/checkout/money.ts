// An amount in minor units (cents, paras) with its currency, in the reader's locale.
export function formatAmount(value: { amount: number; currency: string }, locale: string): string {
  return new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency: value.currency }).format(value.amount / 100);
}
