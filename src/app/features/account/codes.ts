// One-time codes of two-factor authentication (TOTP, 6 digits).

/** Digits only, at most six: a pasted "123 456" or "123-456" still works. */
export const normaliseCode = (value: string): string => value.replace(/\D/g, '').slice(0, 6);

export const isCompleteCode = (value: string): boolean => /^\d{6}$/.test(value);
