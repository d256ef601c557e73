// A value the user copies (an invite link, a secret token, a share link): shown in full and selectable,
// with a copy button that falls back to selecting the text when there is no clipboard.
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import { showToast, TOAST_MS } from '../../../renderers/ui/toast';

/** A value to copy (an invite link, a secret token): shown in full, selectable, with a copy button.
 * The value is the element's text (a link also has it as href). */
export function CopyValue({
  value,
  testId,
  copyTestId,
  label,
  asLink,
}: {
  value: string;
  testId: string;
  copyTestId: string;
  label: ReactNode;
  asLink?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  const id = useId();
  const selectValue = () => {
    const el = ref.current;
    const selection = typeof window === 'undefined' ? null : window.getSelection();
    if (!el || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(el);
    selection.removeAllRanges();
    selection.addRange(range);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      showToast('common.copied', 'success', TOAST_MS.copied);
    } catch {
      // No clipboard (insecure origin, denied): select the text so the user copies it.
      selectValue();
      showToast('iam.copyFailed', 'warning');
    }
  };
  return (
    <div className="field">
      <span className="field-label" id={id}>
        {label}
      </span>
      <div className="copy-row iam-copy-row">
        {asLink ? (
          <a ref={ref as RefObject<HTMLAnchorElement>} className="iam-copy-value" href={value} data-testid={testId} target="_blank" rel="noopener noreferrer">
            {value}
          </a>
        ) : (
          <code ref={ref} className="iam-copy-value" data-testid={testId}>
            {value}
          </code>
        )}
        <button type="button" className="button" data-testid={copyTestId} onClick={() => void copy()}>
          <FormattedMessage id={copied ? 'common.copied' : 'common.copy'} />
        </button>
      </div>
    </div>
  );
}
