// Config: any JSON, edited as text. Checked 1000 ms after typing stops; invalid JSON is refused
// with a 3000 ms toast and the last valid value stays in the form (spec section 9).
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CodeEditor } from '../../../components/code/CodeEditor';
import { deepEqual } from '../../../lib/deepEqual';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import { JSON_CHECK_MS } from './constants';
import { Section, type TabProps } from './controls';


const pretty = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

export function ConfigTab({ model, update }: TabProps) {
  const intl = useIntl();
  const config = model.settings.config;
  const [text, setText] = useState(() => pretty(config));
  const [invalid, setInvalid] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // A restore or reload replaces the text, unless it already says the same.
  useEffect(() => {
    setText((current) => {
      try {
        if (deepEqual(JSON.parse(current), config)) return current;
      } catch {
        // replaced below
      }
      return pretty(config);
    });
    setInvalid(false);
  }, [config]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      try {
        const parsed: unknown = JSON.parse(next);
        setInvalid(false);
        update((d) => void (d.settings.config = parsed));
      } catch {
        setInvalid(true);
        showToast('cmp.config.invalidJson', 'danger', TOAST_MS.invalidJson);
      }
    }, JSON_CHECK_MS);
  };

  return (
    <Section title={<FormattedMessage id="cmp.config.title" />}>
      <p className="muted">
        <FormattedMessage id="cmp.config.hint" />
      </p>
      <CodeEditor language="json" label={intl.formatMessage({ id: 'cmp.config.title' })} value={text} onChange={onChange} testId="config-editor" />
      {invalid ? (
        <p className="form-error" role="alert">
          <FormattedMessage id="cmp.config.invalidJson" />
        </p>
      ) : null}
    </Section>
  );
}
