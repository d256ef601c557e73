// Code editor constants (spec section 9): height 300, tab size 2, font size 14.
export const CODE_EDITOR = { height: 300, tabSize: 2, fontSize: 14 } as const;

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: 'json' | 'javascript';
  /** Accessible name of the editing area. */
  label: string;
  readOnly?: boolean;
  height?: number;
  testId?: string;
}
