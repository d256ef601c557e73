// How a public global function is called (issue 29 item 15): its page shows the method and the full
// URL, a plain JSON example body (the function's data as sent, as the server takes it), and a curl
// command with the environment header; a signed function's command computes X-Luma-Signature from a
// key and names the first key's id. Each value is copyable.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GlobalFunction } from '../../runtime/api/functions';
import { setEnvironment } from '../../renderers/ui/prefs';
import { FunctionPublicCall } from '../../src/app/features/functions/FunctionPublicCall';
import { EXAMPLE_BODY, publicCallExample } from '../../src/app/features/functions/publicCall';
import { withIntl } from './harness';

const PROJECT = '00000000-0000-4000-8000-0000000000b1';
const KEY_ID = '00000000-0000-4000-8000-0000000000c1';

const fn = (rest: Partial<GlobalFunction> = {}): GlobalFunction => ({
  uuid: '00000000-0000-4000-8000-0000000000f1',
  name: 'greet',
  description: '',
  code: 'return data.name;',
  public: true,
  signed: false,
  api_user_uuid: null,
  api_user_name: null,
  keys: [],
  public_path: `/v1/public/function/${PROJECT}/greet`,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...rest,
});

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

afterEach(() => {
  cleanup();
  setEnvironment('live');
});

describe('the public call panel of a global function', () => {
  it('shows POST, the full URL, a plain JSON body and a curl command, each copyable', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setEnvironment('dev');
    render(withIntl(<FunctionPublicCall fn={fn()} />));
    const url = `${window.location.origin}/api/v1/public/function/${PROJECT}/greet`;
    expect(text('function-public-method')).toBe('POST');
    expect(text('function-public-url')).toBe(url);
    // The body is the data itself (not wrapped in {data}): the function reads data.name.
    expect(JSON.parse(text('function-example-body'))).toEqual({ name: 'Ann' });
    expect(text('function-public-call')).toContain('The JSON body is the function\'s data as sent: {"name": "Ann"} gives data.name.');
    expect(text('function-public-call')).toContain('{"data": …} is unwrapped');
    expect(text('function-curl')).toBe(
      [`curl -X POST '${url}'`, "  -H 'Content-Type: application/json'", "  -H 'X-Project-Env: dev'", `  --data-raw '${EXAMPLE_BODY}'`].join(' \\\n'),
    );
    expect(screen.queryByTestId('function-call-signed')).toBeNull();

    fireEvent.click(screen.getByTestId('function-curl-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(text('function-curl')));
    fireEvent.click(screen.getByTestId('function-example-body-copy'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(EXAMPLE_BODY));
  });

  it("signs the call of a signed function with a key, naming the first key's id", () => {
    render(withIntl(<FunctionPublicCall fn={fn({ signed: true, keys: [{ uuid: KEY_ID, hint: 'ab12', created_at: '2026-11-01T10:00:00Z', last_used_at: null }] })} />));
    const curl = text('function-curl');
    expect(curl).toContain(`BODY='${EXAMPLE_BODY}'`);
    expect(curl).toContain(`KEY='<key>'; KEY_ID='${KEY_ID}'`);
    // The signature covers "<t>.<raw body>", as the server checks it; the body sent is the one signed.
    expect(curl).toContain(`printf '%s.%s' "$T" "$BODY" | openssl dgst -sha256 -hmac "$KEY" -r`);
    expect(curl).toContain('-H "X-Luma-Signature: t=$T,k=$KEY_ID,s=$S"');
    expect(curl).toContain("-H 'X-Project-Env: live'");
    expect(curl).toContain('--data-raw "$BODY"');
    expect(text('function-call-signed')).toContain('KEY_ID');
    // Without a key yet, the id is a placeholder; a quote in a URL cannot break out of the shell quoting.
    const bare = publicCallExample({ origin: "http://o'x", publicPath: '/v1/p', env: 'live', signed: true });
    expect(bare.curl).toContain("KEY_ID='<key id>'");
    expect(bare.curl).toContain(`curl -X POST 'http://o'\\''x/api/v1/p'`);
  });
});
