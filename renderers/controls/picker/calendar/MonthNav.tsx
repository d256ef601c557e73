// The month header of the pickers' react-aria calendars: previous, the month's name, next.
import { Button, Heading } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { ChevronLeft, ChevronRight } from '../../../ui/icons';

export function MonthNav({ headingTestId }: { headingTestId?: string }) {
  const intl = useIntl();
  return (
    <header className="picker-month-nav">
      <Button slot="previous" aria-label={intl.formatMessage({ id: 'picker.previousMonth' })}>
        <ChevronLeft size={16} aria-hidden="true" />
      </Button>
      <Heading data-testid={headingTestId} />
      <Button slot="next" aria-label={intl.formatMessage({ id: 'picker.nextMonth' })}>
        <ChevronRight size={16} aria-hidden="true" />
      </Button>
    </header>
  );
}
