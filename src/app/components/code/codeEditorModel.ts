// Code editor constants (spec section 9): height 300, tab size 2, font size 14.
import type { ScriptKind } from '../../../../runtime/script/sdk/kinds';

export const CODE_EDITOR = { height: 300, tabSize: 2, fontSize: 14 } as const;

/** Where the editor shows: in the page, or opened from a preview into a modal or a sidebar. */
export type CodeEditorMode = 'inline' | 'modal' | 'sidebar';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** 'text': no highlighting (HTML and CSS files of a template distribution). */
  language: 'json' | 'javascript' | 'sql' | 'text';
  /**
   * The script context (docs/user-code.md): completion, type errors and hover types come from
   * luma-sdk.d.ts?kind=<kind>, checked in a TypeScript worker. Only with language 'javascript'.
   */
  kind?: ScriptKind;
  /** Accessible name of the editing area. */
  label: string;
  readOnly?: boolean;
  height?: number;
  /** Default inline. */
  mode?: CodeEditorMode;
  testId?: string;
}
