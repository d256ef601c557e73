// The editor's selection as character offsets: every text leaf in document order, in UTF-16 code units
// as slate counts, nothing between blocks (the count of runtime/documents/content.ts documentTextLength,
// so a document comment's from/to point at the same characters the server checks).
import { Editor, Node, Path, Point, Range } from 'slate';

export interface TextSelection {
  from: number;
  to: number;
  /** The selected text, as the offsets count it. */
  text: string;
}

function textOffset(editor: Editor, point: Point): number {
  let offset = 0;
  for (const [leaf, path] of Node.texts(editor)) {
    if (Path.equals(path, point.path)) return offset + point.offset;
    offset += leaf.text.length;
  }
  return offset;
}

/** The selection's offsets; null when it is collapsed (a caret), undefined when there is none (the editor lost it). */
export function textSelection(editor: Editor): TextSelection | null | undefined {
  const { selection } = editor;
  if (!selection) return undefined;
  if (Range.isCollapsed(selection)) return null;
  const [start, end] = Range.edges(selection);
  return { from: textOffset(editor, start), to: textOffset(editor, end), text: Editor.string(editor, { anchor: start, focus: end }) };
}
