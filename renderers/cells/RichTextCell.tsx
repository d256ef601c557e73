// text/editor, text/editor_i18n and text/default: the text without markup, on one line.
import type { CellProps } from '../registry/cells';
import { localised, plainText } from './format';

export function RichTextCell({ value, locale }: CellProps) {
  const shown = localised(value, locale);
  if (typeof shown !== 'string' || shown === '') return null;
  const text = plainText(shown);
  return (
    <span className="cell-line" title={text}>
      {text}
    </span>
  );
}
