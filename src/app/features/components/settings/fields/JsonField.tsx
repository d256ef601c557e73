// JSON edited as text in a code editor; applied when it parses (checked 1000 ms after typing),
// refused with the 3000 ms invalid-JSON toast otherwise.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { CodeEditor } from '../../../../components/code/CodeEditor';
import { showToast, TOAST_MS } from '../../../../../../renderers/ui/toast';
import { JSON_CHECK_MS } from '../constants';

export function JsonField({ label, value, onChange }: { label: string; value: unknown; onChange: (value: unknown) => void }) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [invalid, setInvalid] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <CodeEditor
        language="json"
        label={label}
        value={text}
        height={200}
        onChange={(next) => {
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            try {
              onChange(JSON.parse(next));
              setInvalid(false);
            } catch {
              setInvalid(true);
              showToast('cmp.config.invalidJson', 'danger', TOAST_MS.invalidJson);
            }
          }, JSON_CHECK_MS);
        }}
      />
      {invalid ? (
        <p className="form-error" role="alert">
          <FormattedMessage id="cmp.config.invalidJson" />
        </p>
      ) : null}
    </>
  );
}
