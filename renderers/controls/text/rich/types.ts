// The slate document of the rich text controls (text/editor, text/editor_i18n, text/document).
import type { BaseEditor } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

export type Align = 'left' | 'center' | 'right' | 'justify';

export interface RichText {
  text: string;
  bold?: true;
  italic?: true;
  strike?: true;
  highlight?: true;
  /** A CSS colour (#rrggbb as the colour input gives it). */
  color?: string;
  fontFamily?: string;
  /** Pixels, 1..100 (spec section 5: font size cap 100). */
  fontSize?: number;
}

export type MarkKey = 'bold' | 'italic' | 'strike' | 'highlight';
export type StyleMarkKey = 'color' | 'fontFamily' | 'fontSize';

export interface ParagraphElement { type: 'paragraph'; align?: Align; children: Inline[] }
export interface HeadingElement { type: 'h1' | 'h2' | 'h3'; align?: Align; children: Inline[] }
export interface LinkElement { type: 'link'; url: string; children: RichText[] }
export interface ImageElement { type: 'image'; src: string; alt?: string; children: [RichText] }
export interface TableCellElement { type: 'table-cell'; header?: true; children: Inline[] }
export interface TableRowElement { type: 'table-row'; header?: true; children: TableCellElement[] }
export interface TableElement { type: 'table'; children: TableRowElement[] }
/** A page of the document variant (spec section 3: page node with margin and the firstPage flag). */
export interface PageElement { type: 'page'; firstPage: boolean; margin: number; children: BlockElement[] }

export type Inline = RichText | LinkElement;
export type TextBlockElement = ParagraphElement | HeadingElement;
export type BlockElement = TextBlockElement | TableElement | ImageElement;
export type RichElement = BlockElement | LinkElement | TableRowElement | TableCellElement | PageElement;
export type BlockType = TextBlockElement['type'];

export type RichEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: RichEditor;
    Element: RichElement;
    Text: RichText;
  }
}
