// picker/daterange (spec sections 3, 4, 5, 7, 9): the value is {startDate, endDate} ('YYYY-MM-DD', or
// 'YYYY-MM-DDTHH:mm' with custom_data.timePicker). A month calendar whose weeks start on Monday; the
// first click picks the start, the second the end (either order); Ok sets the range, Cancel or Escape drops it.
// Days before today (disablePastDates), after today (disableFutureDates) and days other records'
// ranges take (every day from start to end, inclusive) are disabled. The taken days reload when the
// popup opens, when the shown month changes and when the form model changes (debounced 500 ms);
// a range that takes a taken day shows 'invalidDates' and blocks the form.
// The calendar is a react-aria-components RangeCalendar, loaded on first open, in the light
// AnchoredDialog of renderers/ui (arrow keys move by day, Page Up/Down by month, Enter picks; the
// user's locale names months and days).
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { dateRangeOptions, dayOf, dayPart, parseDateRange, rangeDayAllowed, rangeHitsTaken, type DateRangeValue } from '../../../runtime/validation/dates';
import { useFormContext } from '../../form/FormContext';
import { AnchoredDialog } from '../../ui/AnchoredDialog';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import { monthStart } from './calendar/calendar';
import { PickerActions, PickerInput } from './calendar/parts';
import { useTakenDays } from './calendar/useTaken';
import { preloadCalendars, RangeDays } from './calendar/LazyCalendars';
import { draftOf, rangeText, RangeTimes, rangeValueOf, useModelTick, type Draft } from './DateRangeParts';

/**
 * The popup: whether it is open, the draft and the calendar's focused day (its month is the one shown).
 * Opening starts from the value; Ok sets the draft's range, Cancel drops it; both give the input the focus back.
 */
function useRangePopup(range: DateRangeValue | null, readOnly: boolean, timePicker: boolean, onChange: (value: unknown) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(range));
  const initialDay = range ? dayPart(range.startDate)! : dayOf(new Date());
  const [focused, setFocused] = useState(initialDay);
  const openPopup = () => {
    if (readOnly) return;
    void preloadCalendars().catch(() => undefined);
    setDraft(draftOf(range));
    setFocused(initialDay);
    setOpen(true);
  };
  const cancel = () => {
    setOpen(false);
    inputRef.current?.focus();
  };
  const confirm = () => {
    if (draft.start === null) return;
    onChange(rangeValueOf({ ...draft, start: draft.start }, timePicker));
    setOpen(false);
    inputRef.current?.focus();
  };
  /** Closes without giving the input the focus (a press outside). */
  const drop = () => setOpen(false);
  const onPopupKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      cancel();
    }
  };
  return { inputRef, open, draft, setDraft, focused, setFocused, openPopup, cancel, drop, confirm, onPopupKey };
}

export function DateRangeControl(props: ControlProps) {
  const { field, value, onChange, readOnly, setLocalError, locale } = props;
  const intl = useIntl();
  const { store } = useFormContext();
  const options = useMemo(() => dateRangeOptions(field.options.customData), [field.options.customData]);
  const range = parseDateRange(value);
  const popup = useRangePopup(range, readOnly, options.timePicker, onChange);
  const { inputRef, open, draft, setDraft, focused, openPopup, cancel } = popup;
  const modelTick = useModelTick(store);
  const taken = useTakenDays(field.key, monthStart(Number(focused.slice(0, 4)), Number(focused.slice(5, 7)) - 1), open, modelTick);

  // 'invalidDates' whenever the value takes a day another record has.
  const hits = range !== null && rangeHitsTaken(range, taken);
  useEffect(() => {
    setLocalError(hits ? { key: 'invalidDates' } : null);
  }, [hits, setLocalError]);

  const now = new Date();
  const blocked = (day: string) => !rangeDayAllowed(options, day, now) || taken.has(day);

  return (
    <FieldFrame props={props}>
      <div className="picker picker-daterange">
        <PickerInput
          props={props}
          testId="daterange-input"
          value={rangeText(range, options)}
          placeholder={field.options.placeholder || `${options.format.toUpperCase()} – ${options.format.toUpperCase()}`}
          open={open}
          inputRef={inputRef}
          onOpen={openPopup}
        />
        <AnchoredDialog open={open} anchorRef={inputRef} onDismiss={(refocus) => (refocus ? cancel() : popup.drop())} label={field.label || field.key} className="picker-popup" dialogClassName="picker-dialog">
          <div data-testid="daterange-popup" onKeyDown={popup.onPopupKey}>
            <RangeDays label={field.label || field.key} locale={locale} draft={draft} setDraft={setDraft} focused={focused} setFocused={popup.setFocused} blocked={blocked} taken={taken} />
            {options.timePicker ? <RangeTimes minuteStep={options.minuteStep} draft={draft} setDraft={setDraft} /> : null}
            {draft.start !== null && rangeHitsTaken({ startDate: draft.start, endDate: draft.end ?? draft.start }, taken) ? (
              <p className="picker-refused" role="alert">{intl.formatMessage({ id: 'invalidDates' })}</p>
            ) : null}
            <PickerActions testIdPrefix="daterange" onCancel={cancel} onOk={popup.confirm} okDisabled={draft.start === null} />
          </div>
        </AnchoredDialog>
      </div>
    </FieldFrame>
  );
}

export const dateRangeControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'daterange'));
