// One list cell's content: a formatter's value as text, the uuid short and copyable, the record
// timestamps in the user's time zone, a field through the cells (the built-in ones and the app's set's), and the raw text (cut at 50 characters) for a field no cell claims. The first column
// links to the edit screen, so keyboard users reach the record. A column with a picked component
// template is drawn by it over the built-in rendering (TemplateCell.tsx).
import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { ViewColumn, ViewField, ViewSchema } from '../../../schemas';
import type { RecordModel } from '../../../runtime/client/records';
import { defaultCells } from '../../cells';
import { UuidCell } from '../../cells/UuidCell';
import { dispatchCell, type CellProps } from '../../registry/cells';
import { useRendererSet } from '../../registry/RendererSet';
import { cellText, TIMESTAMP_COLUMNS, timestampText } from './cellText';
import { TemplateCell } from './TemplateCell';
import type { FormattedCell } from './useFormattedCells';

export interface CellRenderers {
  fieldOf: (key: string) => ViewField | undefined;
  cellOf: (key: string) => ComponentType<CellProps> | null;
  /** Numbers line up on the right. */
  alignOf: (key: string) => 'start' | 'end';
  /** The record's fields the user may read (visible, not hashed) and its own keys: what a template cell is told. */
  readableOf: (row: RecordModel) => Record<string, unknown>;
}

/** The record's own keys a template cell is told besides the readable fields. */
const RECORD_KEYS = ['uuid', 'created_at', 'updated_at', 'disabled_at'];

/** The cell renderer of each field of the view, dispatched once per view. */
export function useCellRenderers(view: ViewSchema | null | undefined): CellRenderers {
  // The provided set holds every cell (the built-in ones first, as for controls); outside a provider, the built-in ones.
  const cells = useRendererSet()?.cells ?? defaultCells;
  return useMemo(() => {
    const fields = new Map((view?.fields ?? []).map((f) => [f.key, f]));
    const dispatched = new Map<string, ComponentType<CellProps> | null>();
    for (const f of fields.values()) dispatched.set(f.key, dispatchCell(cells, f));
    const readable = [...RECORD_KEYS, ...[...fields.values()].filter((f) => f.visible && !f.hashed).map((f) => f.key)];
    return {
      fieldOf: (key) => fields.get(key),
      readableOf: (row) => Object.fromEntries(readable.filter((key) => Object.prototype.hasOwnProperty.call(row, key)).map((key) => [key, row[key]])),
      cellOf: (key) => dispatched.get(key) ?? null,
      alignOf: (key) => {
        const f = fields.get(key);
        return f && f.module === 'input' && f.type === 'number' ? 'end' : 'start';
      },
    };
  }, [view, cells]);
}

export interface CellContentProps {
  column: ViewColumn;
  row: RecordModel;
  formatted: FormattedCell | undefined;
  renderers: CellRenderers;
  locale: string;
  timeZone?: string;
  link?: { href: string; open: () => void };
}

function plain(text: string, full: string): ReactNode {
  return (
    <span className="cell-line" title={full !== text ? full : undefined}>
      {text}
    </span>
  );
}

/** A column drawn by a picked component template goes through TemplateCell, with the built-in rendering under it. */
export function CellContent(props: CellContentProps) {
  const { column, row, renderers, link } = props;
  const builtIn = <BuiltInCell {...props} />;
  if (!column.template) return builtIn;
  return <TemplateCellFor column={column} row={row} renderers={renderers} builtIn={builtIn} linked={Boolean(link)} />;
}

function TemplateCellFor({ column, row, renderers, builtIn, linked }: Pick<CellContentProps, 'column' | 'row' | 'renderers'> & { builtIn: ReactNode; linked: boolean }) {
  // One record object per row version, so the frame's context is stable between renders.
  const record = useMemo(() => renderers.readableOf(row), [renderers, row]);
  return <TemplateCell template={column.template!} columnKey={column.key} columnLabel={column.label} value={record[column.key]} record={record} builtIn={builtIn} linked={linked} />;
}

function BuiltInCell({ column, row, formatted, renderers, locale, timeZone, link }: CellContentProps) {
  const value = row[column.key];
  const linked = (inner: ReactNode) =>
    link ? (
      <a className="cell-link" href={link.href} onClick={(e) => onLink(e, link.open)}>
        {inner}
      </a>
    ) : (
      inner
    );
  if (column.formatter && formatted?.ok) {
    const { text, full } = cellText(formatted.value, locale);
    return linked(plain(text || (link ? '—' : ''), full));
  }
  // The uuid keeps its copy button outside the link.
  if (column.key === 'uuid') return <UuidCell value={value} wrap={link ? linked : undefined} />;
  if (TIMESTAMP_COLUMNS.has(column.key)) return linked(plain(timestampText(value, timeZone) || (link ? '—' : ''), String(value ?? '')));
  const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) return link ? linked('—') : null;
  const field = renderers.fieldOf(column.key);
  const Cell = renderers.cellOf(column.key);
  if (field && Cell) return linked(<Cell field={field} value={value} row={row} locale={locale} timeZone={timeZone} />);
  const { text, full } = cellText(value, locale);
  return linked(plain(text, full));
}

function onLink(e: React.MouseEvent, open: () => void) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  open();
}
