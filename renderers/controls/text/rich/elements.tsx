// How slate nodes are drawn in the editable (the stored HTML is made by html.ts, not by these).
import type { CSSProperties } from 'react';
import type { RenderElementProps, RenderLeafProps } from 'slate-react';
import { CELL_BORDER, clampFontSize } from './constants';
import { cssFontFamily } from './html';

export function RichElementView({ attributes, children, element }: RenderElementProps) {
  const align: CSSProperties | undefined = 'align' in element && element.align ? { textAlign: element.align } : undefined;
  switch (element.type) {
    case 'h1':
      return <h1 {...attributes} style={align}>{children}</h1>;
    case 'h2':
      return <h2 {...attributes} style={align}>{children}</h2>;
    case 'h3':
      return <h3 {...attributes} style={align}>{children}</h3>;
    case 'link':
      return <a {...attributes} href={element.url} rel="noopener">{children}</a>;
    case 'image':
      return (
        <div {...attributes} className="rich-image">
          <div contentEditable={false}>
            <img src={element.src} alt={element.alt ?? ''} />
          </div>
          {children}
        </div>
      );
    case 'table':
      return (
        <table {...attributes} className="rich-table" style={{ borderCollapse: 'collapse' }}>
          <tbody>{children}</tbody>
        </table>
      );
    case 'table-row':
      return <tr {...attributes}>{children}</tr>;
    case 'table-cell': {
      const Tag = element.header ? 'th' : 'td';
      return <Tag {...attributes} style={{ border: CELL_BORDER }}>{children}</Tag>;
    }
    case 'page':
      return (
        <div
          {...attributes}
          className="rich-page"
          data-testid="document-page"
          data-first-page={element.firstPage ? 'true' : undefined}
          style={{ padding: `${element.margin}px`, ...(element.firstPage ? {} : { pageBreakBefore: 'always' as const }) }}
        >
          {children}
        </div>
      );
    default:
      return <p {...attributes} style={align}>{children}</p>;
  }
}

export function RichLeafView({ attributes, children, leaf }: RenderLeafProps) {
  let out = children;
  if (leaf.highlight) out = <mark>{out}</mark>;
  if (leaf.strike) out = <s>{out}</s>;
  if (leaf.italic) out = <em>{out}</em>;
  if (leaf.bold) out = <strong>{out}</strong>;
  const style: CSSProperties = {};
  if (leaf.color) style.color = leaf.color;
  if (leaf.fontFamily) style.fontFamily = cssFontFamily(leaf.fontFamily);
  if (leaf.fontSize !== undefined) style.fontSize = `${clampFontSize(leaf.fontSize)}px`;
  return (
    <span {...attributes} style={style}>
      {out}
    </span>
  );
}
