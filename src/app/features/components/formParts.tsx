// Small pieces the component screens' forms and dialogs share (create and settings): a label's input
// titled by its locale, what a typed scope or tag is saved as, a form's failure line, and the two
// buttons under a question or a small form.
import { FormattedMessage } from 'react-intl';
import { Message } from '../../../../renderers/ui/Message';

/** "Label in {locale}". */
export function LabelIn({ locale }: { locale: string }) {
  return <FormattedMessage id="cmp.create.labelIn" values={{ locale: <FormattedMessage id={`locale.${locale}`} /> }} />;
}

/** "Saved as {value}": a typed scope or tag once sanitised ('—' when nothing is left of it). */
export function SavedAs({ value }: { value: string }) {
  return <FormattedMessage id="cmp.create.savedAs" values={{ value: <code>{value || '—'}</code> }} />;
}

/** What went wrong, above a form's buttons; nothing when all is well. */
export function FormError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      <Message value={message} />
    </p>
  );
}

/**
 * The way back, then the way on. The way on submits the form it stands in unless `onYes` is given.
 * Labels are message keys.
 */
export function ChoiceButtons(props: {
  no: string;
  onNo: () => void;
  noTestId?: string;
  yes: string;
  onYes?: () => void;
  yesTestId?: string;
  yesClassName?: string;
  yesDisabled?: boolean;
}) {
  return (
    <>
      <button type="button" className="button" data-testid={props.noTestId} onClick={props.onNo}>
        <FormattedMessage id={props.no} />
      </button>
      <button
        type={props.onYes ? 'button' : 'submit'}
        className={props.yesClassName ?? 'button button-primary'}
        data-testid={props.yesTestId}
        disabled={props.yesDisabled}
        onClick={props.onYes}
      >
        <FormattedMessage id={props.yes} />
      </button>
    </>
  );
}
