import type { CodeMessageKey } from './code.en_US';

export const codeSr: Record<CodeMessageKey, string> = {
  'code.edit': 'Uredi kod',
  'code.close': 'Zatvori (Esc)',
  'code.empty': 'Još nema koda.',
};
