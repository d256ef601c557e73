// The list on a phone: each record a card with its first columns (the first one that is not the uuid
// as its title), a select box, and a tap anywhere else to open it. Cards are virtualised against the
// page's own scroll.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ListController } from '../useListController';
import { CellContent, useCellRenderers } from './CellContent';
import { fromControl } from './ListTableRow';
import { cellKey } from './useFormattedCells';

/** Columns a card shows: the title and three more. */
const CARD_COLUMNS = 4;
const CARD_HEIGHT = 132;
/** Pixels between cards. */
const CARD_GAP = 10;

export function ListCards({ ctl, locale, timeZone, onOpen, editHref }: { ctl: ListController; locale: string; timeZone?: string; onOpen: (uuid: string) => void; editHref: (uuid: string) => string }) {
  const intl = useIntl();
  const renderers = useCellRenderers(ctl.view);
  const [first, ...rest] = ctl.columns.filter((c) => c.key !== 'uuid' || ctl.columns.length === 1).slice(0, CARD_COLUMNS);
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => setOffset(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0), []);
  const virtualizer = useWindowVirtualizer({ count: ctl.items.length, estimateSize: () => CARD_HEIGHT, overscan: 6, gap: CARD_GAP, scrollMargin: offset, getItemKey: (i) => ctl.items[i]?.uuid ?? i });
  const cards = virtualizer.getVirtualItems();
  return (
    <ul ref={listRef} className="list-cards" data-testid="record-cards" aria-busy={ctl.loading} style={{ height: virtualizer.getTotalSize() }}>
      {cards.map((v) => {
        const row = ctl.items[v.index]!;
        const cell = (key: string) => ctl.cells.get(cellKey(row.uuid, key));
        return (
          <li
            key={v.key}
            ref={virtualizer.measureElement}
            data-index={v.index}
            className={`list-card${row.disabled_at ? ' list-row-disabled' : ''}`}
            data-testid="record-card"
            style={{ transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` }}
            onClick={(e) => (fromControl(e) ? undefined : onOpen(row.uuid))}
          >
            <div className="list-card-head">
              <input
                type="checkbox"
                data-testid="row-select"
                aria-label={intl.formatMessage({ id: 'records.list.selectRow' }, { uuid: row.uuid })}
                checked={ctl.selection.includes(row.uuid)}
                onChange={() => ctl.toggleRow(row.uuid)}
              />
              {first ? (
                <strong className="list-card-title">
                  <CellContent column={first} row={row} formatted={cell(first.key)} renderers={renderers} locale={locale} timeZone={timeZone} link={{ href: editHref(row.uuid), open: () => onOpen(row.uuid) }} />
                </strong>
              ) : null}
            </div>
            {rest.length > 0 ? (
              <dl className="list-card-fields">
                {rest.map((c) => (
                  <div key={c.key} className="list-card-field">
                    <dt>{c.label}</dt>
                    <dd>
                      <CellContent column={c} row={row} formatted={cell(c.key)} renderers={renderers} locale={locale} timeZone={timeZone} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
