// The pickers' calendars loaded on first open: a closed picker draws only its input, so the form
// does not load react-aria's calendar code for it. `preloadCalendars` starts the load as a popup
// opens (the datetime picker shows its year step first, so the calendar is usually in by its step).
import { lazy, Suspense, type ComponentProps } from 'react';

const load = () => import('./Calendars');
let loading: ReturnType<typeof load> | null = null;

/** Starts loading the calendars (once; a failed load is tried again on the next call). */
export function preloadCalendars(): ReturnType<typeof load> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const LoadedDayStep = lazy(() => preloadCalendars().then((module) => ({ default: module.DayStep })));
const LoadedRangeDays = lazy(() => preloadCalendars().then((module) => ({ default: module.RangeDays })));

type Calendars = typeof import('./Calendars');

function Loading() {
  return <div className="picker-calendar picker-loading" data-testid="calendar-loading" aria-busy="true" />;
}

export function DayStep(props: ComponentProps<Calendars['DayStep']>) {
  return (
    <Suspense fallback={<Loading />}>
      <LoadedDayStep {...props} />
    </Suspense>
  );
}

export function RangeDays(props: ComponentProps<Calendars['RangeDays']>) {
  return (
    <Suspense fallback={<Loading />}>
      <LoadedRangeDays {...props} />
    </Suspense>
  );
}
