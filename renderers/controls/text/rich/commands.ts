// What the toolbar does to the slate editor, and the editor's plugin (void images, inline links, pages).
import { Editor, Element, Node, Path, Range, Text, Transforms, type NodeEntry } from 'slate';
import { clampFontSize, isAllowedImageSrc, pageMargin } from './constants';
import { isEmptyBlock, recalculatePages } from './html';
import { addColumn, addRow, createTable, removeColumn, removeRow } from './table';
import type { Align, BlockElement, BlockType, MarkKey, PageElement, RichEditor, RichText, StyleMarkKey, TableElement } from './types';

const TEXT_BLOCKS = new Set(['paragraph', 'h1', 'h2', 'h3']);
const isTextBlock = (n: unknown): boolean => Element.isElement(n) && TEXT_BLOCKS.has(n.type);

/** With no selection (the editor never focused), a toolbar action applies to the whole document. */
export function ensureSelection(editor: RichEditor): void {
  if (!editor.selection) Transforms.select(editor, Editor.range(editor, []));
}

export function marksAt(editor: RichEditor): Omit<RichText, 'text'> {
  try {
    return (editor.selection ? Editor.marks(editor) : null) ?? {};
  } catch {
    return {};
  }
}

export function isMarkActive(editor: RichEditor, key: MarkKey): boolean {
  return marksAt(editor)[key] === true;
}

export function toggleMark(editor: RichEditor, key: MarkKey): void {
  ensureSelection(editor);
  if (isMarkActive(editor, key)) Editor.removeMark(editor, key);
  else Editor.addMark(editor, key, true);
}

/** Colour, font family or font size (capped at 100); an empty value removes it. */
export function setStyleMark(editor: RichEditor, key: StyleMarkKey, value: string | number | null): void {
  ensureSelection(editor);
  if (value === null || value === '') {
    Editor.removeMark(editor, key);
    return;
  }
  Editor.addMark(editor, key, key === 'fontSize' ? clampFontSize(value) : String(value));
}

export function activeBlockType(editor: RichEditor): BlockType | null {
  if (!editor.selection) return null;
  const [entry] = Editor.nodes(editor, { match: isTextBlock, mode: 'lowest' });
  return entry ? ((entry[0] as Element & { type: BlockType }).type) : null;
}

export function setBlockType(editor: RichEditor, type: BlockType): void {
  ensureSelection(editor);
  Transforms.setNodes(editor, { type } as never, { match: isTextBlock, mode: 'lowest' });
}

export function activeAlign(editor: RichEditor): Align {
  if (!editor.selection) return 'left';
  const [entry] = Editor.nodes(editor, { match: isTextBlock, mode: 'lowest' });
  return ((entry?.[0] as { align?: Align } | undefined)?.align ?? 'left') as Align;
}

export function setAlign(editor: RichEditor, align: Align): void {
  ensureSelection(editor);
  if (align === 'left') Transforms.unsetNodes(editor, 'align', { match: isTextBlock, mode: 'lowest' });
  else Transforms.setNodes(editor, { align } as never, { match: isTextBlock, mode: 'lowest' });
}

/** The path of the top-level block (a child of the editor, or of a page) the selection is in. */
function topBlockPath(editor: RichEditor): Path | null {
  if (!editor.selection) return null;
  const path = Range.start(editor.selection).path;
  const paged = Element.isElement(editor.children[0]) && editor.children[0].type === 'page';
  const depth = paged ? 2 : 1;
  return path.length >= depth ? path.slice(0, depth) : null;
}

/** Inserts a block after the one with the caret (at the end when there is none), with a paragraph after it. */
function insertBlock(editor: RichEditor, block: BlockElement): Path {
  const current = topBlockPath(editor);
  let at: Path;
  if (current) at = Path.next(current);
  else {
    const last = editor.children.length - 1;
    const lastNode = editor.children[last];
    at = Element.isElement(lastNode) && lastNode.type === 'page' ? [last, lastNode.children.length] : [editor.children.length];
  }
  Editor.withoutNormalizing(editor, () => {
    Transforms.insertNodes(editor, block, { at, select: false });
    Transforms.insertNodes(editor, { type: 'paragraph', children: [{ text: '' }] }, { at: Path.next(at), select: false });
  });
  return at;
}

/** A 3x3 table with a header row; the caret goes to its first body cell. */
export function insertTable(editor: RichEditor): void {
  const at = insertBlock(editor, createTable(3, 3));
  Transforms.select(editor, Editor.start(editor, [...at, 1, 0]));
}

export type TableAction = 'addRow' | 'removeRow' | 'addColumn' | 'removeColumn';

function cellEntry(editor: RichEditor): NodeEntry | undefined {
  if (!editor.selection) return undefined;
  return Editor.above(editor, { match: (n) => Element.isElement(n) && n.type === 'table-cell' });
}

export function isInTable(editor: RichEditor): boolean {
  return !!cellEntry(editor);
}

export function tableAction(editor: RichEditor, action: TableAction): void {
  const entry = cellEntry(editor);
  if (!entry) return;
  const cellPath = entry[1];
  const row = cellPath[cellPath.length - 2]!;
  const column = cellPath[cellPath.length - 1]!;
  const tablePath = cellPath.slice(0, -2);
  const table = Node.get(editor, tablePath) as TableElement;
  const next =
    action === 'addRow' ? addRow(table, row) : action === 'removeRow' ? removeRow(table, row) : action === 'addColumn' ? addColumn(table, column) : removeColumn(table, column);
  Editor.withoutNormalizing(editor, () => {
    Transforms.removeNodes(editor, { at: tablePath });
    if (next) Transforms.insertNodes(editor, next, { at: tablePath, select: false });
  });
  if (!next) {
    Transforms.select(editor, Editor.start(editor, tablePath));
    return;
  }
  const r = action === 'addRow' ? row + 1 : Math.min(row, next.children.length - 1);
  const c = action === 'addColumn' ? column + 1 : Math.min(column, (next.children[0]?.children.length ?? 1) - 1);
  Transforms.select(editor, Editor.start(editor, [...tablePath, r, c]));
}

/** An image from a URL (http/https) or a data URL (png, jpeg, gif, webp); false when refused. */
export function insertImage(editor: RichEditor, src: string): boolean {
  if (!isAllowedImageSrc(src)) return false;
  insertBlock(editor, { type: 'image', src: src.trim(), children: [{ text: '' }] });
  return true;
}

/** Adds an empty page at the end (the document variant). */
export function addPage(editor: RichEditor, margin: number): void {
  const page: PageElement = { type: 'page', firstPage: false, margin: pageMargin(margin), children: [{ type: 'paragraph', children: [{ text: '' }] }] };
  Transforms.insertNodes(editor, page, { at: [editor.children.length], select: false });
  Transforms.select(editor, Editor.start(editor, [editor.children.length - 1]));
}

export interface RichOptions {
  paged: boolean;
  margin: number;
}

/** Images are void blocks, links inline; in the document variant the top level is pages, flagged in order. */
export function withRich(editor: RichEditor, options: RichOptions): RichEditor {
  const { isVoid, isInline, normalizeNode, deleteBackward } = editor;
  editor.isVoid = (element) => element.type === 'image' || isVoid(element);
  editor.isInline = (element) => element.type === 'link' || isInline(element);

  editor.normalizeNode = (entry) => {
    const [node, path] = entry;
    if (options.paged && path.length === 0) {
      // Every top-level node is a page; the first one is firstPage, later ones break before.
      for (let i = 0; i < editor.children.length; i++) {
        const child = editor.children[i]!;
        if (!Element.isElement(child) || child.type !== 'page') {
          Transforms.wrapNodes(editor, { type: 'page', firstPage: i === 0, margin: options.margin, children: [] }, { at: [i] });
          return;
        }
        if (child.firstPage !== (i === 0) || child.margin !== options.margin) {
          Transforms.setNodes(editor, { firstPage: i === 0, margin: options.margin } as never, { at: [i] });
          return;
        }
      }
    }
    if (Element.isElement(node) && node.type === 'page') {
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Text.isText(child) || (Element.isElement(child) && editor.isInline(child))) {
          Transforms.wrapNodes(editor, { type: 'paragraph', children: [] }, { at: childPath });
          return;
        }
      }
    }
    normalizeNode(entry);
  };

  editor.deleteBackward = (unit) => {
    const { selection } = editor;
    if (options.paged && selection && Range.isCollapsed(selection)) {
      const pageIndex = selection.anchor.path[0]!;
      const page = editor.children[pageIndex];
      // Deleting an emptied page (the caret at its start) removes it; the rest are recalculated.
      if (pageIndex > 0 && Element.isElement(page) && page.type === 'page' && isEmptyBlock(page) && Editor.isStart(editor, selection.anchor, [pageIndex])) {
        Transforms.removeNodes(editor, { at: [pageIndex] });
        Transforms.select(editor, Editor.end(editor, [pageIndex - 1]));
        return;
      }
    }
    deleteBackward(unit);
  };
  return editor;
}

/** A page removed when it has no content (never the only page); the rest recalculated. */
export function deleteEmptyPage(pages: PageElement[], index: number): PageElement[] {
  const page = pages[index];
  if (!page || pages.length <= 1 || !isEmptyBlock(page)) return recalculatePages(pages);
  return recalculatePages(pages.filter((_, i) => i !== index));
}
