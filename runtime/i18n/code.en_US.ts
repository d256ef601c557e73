// The code editor's texts (src/app/components/code): modes, the modal and the sidebar.
export const codeEn_US = {
  'code.edit': 'Edit code',
  'code.close': 'Close (Esc)',
  'code.empty': 'No code yet.',
} as const;

export type CodeMessageKey = keyof typeof codeEn_US;
