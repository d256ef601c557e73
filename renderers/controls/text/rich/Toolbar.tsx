// The rich text toolbar (spec section 2, "Widget notes"): H1-H3, paragraph, bold, italic, strike,
// highlight, alignment, colour, font family, font size, table tools and image import.
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSlate } from 'slate-react';
import {
  activeAlign,
  activeBlockType,
  insertImage,
  insertTable,
  isInTable,
  isMarkActive,
  marksAt,
  setAlign,
  setBlockType,
  setStyleMark,
  tableAction,
  toggleMark,
  type TableAction,
} from './commands';
import { DEFAULT_COLOR, DEFAULT_FONT_SIZE, FONT_FAMILIES, isAllowedImageSrc, MAX_FONT_SIZE, MIN_FONT_SIZE } from './constants';
import type { Align, BlockType, MarkKey, RichEditor } from './types';
import { AlignCenter, AlignJustify, AlignLeft, AlignRight, BetweenHorizontalEnd, BetweenVerticalEnd, Bold, Heading1, Heading2, Heading3, Highlighter, Image, Italic, Pilcrow, Strikethrough, Table, TableColumnsSplit, TableRowsSplit } from '../../../ui/icons';

/** Keeps the editor's selection: toolbar buttons act on mouse down's target without taking focus. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

function ToolButton(props: { testId: string; label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`rich-button${props.active ? ' active' : ''}`}
      data-testid={props.testId}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.active === undefined ? undefined : props.active}
      disabled={props.disabled}
      onMouseDown={keepFocus}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

/** Reads a file as a data URL (image import from the device). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The toolbar's messages by id. */
function useT(): (id: string) => string {
  const intl = useIntl();
  return (id: string) => intl.formatMessage({ id });
}

type GroupProps = { editor: RichEditor; disabled: boolean };

function BlockButtons({ editor, disabled }: GroupProps) {
  const t = useT();
  const block = activeBlockType(editor);
  const button = (type: BlockType, testId: string, glyph: ReactNode) => (
    <ToolButton testId={testId} label={t(`rich.${type}`)} active={block === type} disabled={disabled} onClick={() => setBlockType(editor, type)}>
      {glyph}
    </ToolButton>
  );
  return (
    <span className="rich-group">
      {button('h1', 'rich-h1', <Heading1 />)}
      {button('h2', 'rich-h2', <Heading2 />)}
      {button('h3', 'rich-h3', <Heading3 />)}
      {button('paragraph', 'rich-paragraph', <Pilcrow />)}
    </span>
  );
}

function MarkButtons({ editor, disabled }: GroupProps) {
  const t = useT();
  const mark = (key: MarkKey, testId: string, label: string, glyph: ReactNode) => (
    <ToolButton testId={testId} label={label} active={isMarkActive(editor, key)} disabled={disabled} onClick={() => toggleMark(editor, key)}>
      {glyph}
    </ToolButton>
  );
  return (
    <span className="rich-group">
      {mark('bold', 'rich-bold', t('rich.bold'), <Bold />)}
      {mark('italic', 'rich-italic', t('rich.italic'), <Italic />)}
      {mark('strike', 'rich-strike', t('rich.strike'), <Strikethrough />)}
      {mark('highlight', 'rich-highlight', t('rich.highlight'), <Highlighter />)}
    </span>
  );
}

function AlignButtons({ editor, disabled }: GroupProps) {
  const t = useT();
  const align = activeAlign(editor);
  const button = (value: Align, glyph: ReactNode) => (
    <ToolButton testId={`rich-align-${value}`} label={t(`rich.align.${value}`)} active={align === value} disabled={disabled} onClick={() => setAlign(editor, value)}>
      {glyph}
    </ToolButton>
  );
  return (
    <span className="rich-group">
      {button('left', <AlignLeft />)}
      {button('center', <AlignCenter />)}
      {button('right', <AlignRight />)}
      {button('justify', <AlignJustify />)}
    </span>
  );
}

/** Colour, font family and font size of the selection's text. */
function StyleControls({ editor, disabled }: GroupProps) {
  const t = useT();
  const marks = marksAt(editor);
  return (
    <span className="rich-group">
      <input
        type="color"
        data-testid="rich-color"
        aria-label={t('rich.color')}
        title={t('rich.color')}
        disabled={disabled}
        value={marks.color && /^#[0-9a-f]{6}$/i.test(marks.color) ? marks.color : DEFAULT_COLOR}
        onChange={(e) => setStyleMark(editor, 'color', e.target.value)}
      />
      <select data-testid="rich-font-family" aria-label={t('rich.fontFamily')} disabled={disabled} value={marks.fontFamily ?? ''} onChange={(e) => setStyleMark(editor, 'fontFamily', e.target.value || null)}>
        <option value="">{t('rich.fontDefault')}</option>
        {FONT_FAMILIES.map((family) => (
          <option key={family} value={family} style={{ fontFamily: family }}>
            {family}
          </option>
        ))}
      </select>
      <input
        type="number"
        data-testid="rich-font-size"
        aria-label={t('rich.fontSize')}
        title={t('rich.fontSize')}
        className="rich-font-size"
        disabled={disabled}
        min={MIN_FONT_SIZE}
        max={MAX_FONT_SIZE}
        value={marks.fontSize ?? DEFAULT_FONT_SIZE}
        onChange={(e) => {
          if (e.target.value !== '') setStyleMark(editor, 'fontSize', e.target.value);
        }}
      />
    </span>
  );
}

/** Insert a table; add and remove rows and columns when the selection is in one. */
function TableButtons({ editor, disabled }: GroupProps) {
  const t = useT();
  const inTable = isInTable(editor);
  const button = (action: TableAction, glyph: ReactNode) => (
    <ToolButton testId={`rich-table-${action}`} label={t(`rich.table.${action}`)} disabled={disabled || !inTable} onClick={() => tableAction(editor, action)}>
      {glyph}
    </ToolButton>
  );
  return (
    <span className="rich-group">
      <ToolButton testId="rich-table" label={t('rich.table')} disabled={disabled} onClick={() => insertTable(editor)}>
        <Table />
      </ToolButton>
      {button('addRow', <BetweenHorizontalEnd />)}
      {button('removeRow', <TableRowsSplit />)}
      {button('addColumn', <BetweenVerticalEnd />)}
      {button('removeColumn', <TableColumnsSplit />)}
    </span>
  );
}

/** The image import's panel state: open or not, the URL typed, and whether the last image was refused. */
function useImageImport(editor: RichEditor) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState(false);
  const add = (src: string) => {
    if (insertImage(editor, src)) {
      setOpen(false);
      setUrl('');
      setError(false);
    } else setError(true);
  };
  return { open, setOpen, url, setUrl, error, setError, add };
}

/** An image from a URL (http(s) or a data URL) or from a file on the device. */
function ImagePanel({ image }: { image: ReturnType<typeof useImageImport> }) {
  const t = useT();
  return (
    <div className="rich-image-panel" data-testid="rich-image-panel">
      <input
        type="url"
        data-testid="rich-image-url"
        aria-label={t('rich.image.url')}
        placeholder="https://"
        value={image.url}
        onChange={(e) => {
          image.setUrl(e.target.value);
          image.setError(false);
        }}
      />
      <button type="button" data-testid="rich-image-insert" disabled={!isAllowedImageSrc(image.url)} onMouseDown={keepFocus} onClick={() => image.add(image.url)}>
        {t('rich.image.insert')}
      </button>
      <label className="rich-image-file">
        {t('rich.image.file')}
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          data-testid="rich-image-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void readAsDataUrl(file).then(image.add, () => image.setError(true));
          }}
        />
      </label>
      {image.error ? (
        <small className="field-error" role="alert">
          {t('rich.image.invalid')}
        </small>
      ) : null}
    </div>
  );
}

/** `onAddPage` is the document variant's Add page (the last toolbar button). */
export function RichToolbar({ disabled, onAddPage }: { disabled: boolean; onAddPage?: () => void }) {
  const editor = useSlate() as RichEditor;
  const t = useT();
  const image = useImageImport(editor);
  return (
    <div className="rich-toolbar" role="toolbar" aria-label={t('rich.toolbar')} data-testid="rich-toolbar">
      <BlockButtons editor={editor} disabled={disabled} />
      <MarkButtons editor={editor} disabled={disabled} />
      <AlignButtons editor={editor} disabled={disabled} />
      <StyleControls editor={editor} disabled={disabled} />
      <TableButtons editor={editor} disabled={disabled} />
      <span className="rich-group">
        <ToolButton testId="rich-image" label={t('rich.image')} active={image.open} disabled={disabled} onClick={() => image.setOpen(!image.open)}>
          <Image />
        </ToolButton>
        {onAddPage ? (
          <button type="button" className="rich-button rich-add-page" data-testid="document-add-page" disabled={disabled} onMouseDown={keepFocus} onClick={onAddPage}>
            {t('rich.addPage')}
          </button>
        ) : null}
      </span>
      {image.open && !disabled ? <ImagePanel image={image} /> : null}
    </div>
  );
}
