// How to call a public global function (issue 29 item 15): the method and URL, an example body (plain
// JSON: the function's data as sent) and a curl command with the environment header and, for a signed
// function, the signature computed from a key (publicCall.ts). Each is copyable.
import { FormattedMessage } from 'react-intl';
import type { GlobalFunction } from '../../../../runtime/api/functions';
import { environmentStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { CopyValue } from '../../components/CopyValue';
import { publicCallExample } from './publicCall';

const code = (text: string) => <code>{text}</code>;

export function FunctionPublicCall({ fn }: { fn: GlobalFunction }) {
  const env = useStore(environmentStore);
  const example = publicCallExample({ origin: window.location.origin, publicPath: fn.public_path, env, signed: fn.signed, keyId: fn.keys[0]?.uuid });
  return (
    <section className="card stack function-call" aria-labelledby="function-call-title" data-testid="function-public-call">
      <h2 id="function-call-title">
        <FormattedMessage id="fn.call.title" />
      </h2>
      <p className="muted small">
        <FormattedMessage id="fn.call.intro" values={{ example: code(example.body), name: code('data.name'), wrapped: code('{"data": …}'), none: code('null'), env: code('X-Project-Env') }} />
      </p>
      <CopyValue
        value={example.url}
        testId="function-public-url"
        copyTestId="function-public-url-copy"
        label={
          <>
            <FormattedMessage id="fn.publicUrl" />{' '}
            <span className="badge" data-testid="function-public-method">
              {example.method}
            </span>
          </>
        }
      />
      <CopyValue value={example.body} testId="function-example-body" copyTestId="function-example-body-copy" label={<FormattedMessage id="fn.call.body" />} />
      <CopyValue value={example.curl} testId="function-curl" copyTestId="function-curl-copy" label={<FormattedMessage id="fn.call.curl" />} />
      {fn.signed ? (
        <p className="muted small" data-testid="function-call-signed">
          <FormattedMessage id="fn.call.signed" values={{ key: code('KEY'), keyId: code('KEY_ID'), header: code('X-Luma-Signature') }} />
        </p>
      ) : null}
    </section>
  );
}
