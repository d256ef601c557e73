// Pieces the datetime and daterange pickers share: the keys that open a popup, the calendar's day
// grid in the user's locale, and the popup's Cancel and Ok.
import type { CalendarDate } from '@internationalized/date';
import type { ReactElement, ReactNode } from 'react';
import { CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, I18nProvider } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { isLocale, LOCALE_TAG } from '../../../../runtime/i18n';

/** Enter, Arrow Down and Space on the picker's input open its popup. */
export function opensPopup(key: string): boolean {
  return key === 'Enter' || key === 'ArrowDown' || key === ' ';
}

/** The calendar in the user's locale (it names the months and days and, unless told, starts the week). */
export function CalendarLocale({ locale, children }: { locale: string; children: ReactNode }) {
  return <I18nProvider locale={isLocale(locale) ? LOCALE_TAG[locale] : undefined}>{children}</I18nProvider>;
}

/** The weekday names and a cell per day of the shown month; `cell` draws one day ('YYYY-MM-DD'). */
export function DayGrid({ cell }: { cell: (date: CalendarDate, day: string) => ReactElement }) {
  return (
    <CalendarGrid weekdayStyle="short">
      <CalendarGridHeader>{(name) => <CalendarHeaderCell>{name}</CalendarHeaderCell>}</CalendarGridHeader>
      <CalendarGridBody>{(date) => cell(date, date.toString())}</CalendarGridBody>
    </CalendarGrid>
  );
}

/** Cancel and Ok; their testids are `<testIdPrefix>-cancel` and `<testIdPrefix>-ok`. */
export function PickerActions({ testIdPrefix, onCancel, onOk, okDisabled }: { testIdPrefix: string; onCancel: () => void; onOk: () => void; okDisabled?: boolean }) {
  const intl = useIntl();
  return (
    <div className="picker-actions">
      <button type="button" className="button button-small" data-testid={`${testIdPrefix}-cancel`} onClick={onCancel}>
        {intl.formatMessage({ id: 'picker.cancel' })}
      </button>
      <button type="button" className="button button-small button-primary" data-testid={`${testIdPrefix}-ok`} disabled={okDisabled} onClick={onOk}>
        {intl.formatMessage({ id: 'picker.ok' })}
      </button>
    </div>
  );
}
