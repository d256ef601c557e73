// How a public global function is called (docs/user-code.md "Global functions"), as the function's
// page shows it: POST to its URL without a session; the JSON body is the function's data as sent (a
// body that is exactly {"data": ...} is unwrapped, no body is null: src/server/functions/global-run.ts
// publicData); X-Project-Env picks the environment; a signed function needs X-Luma-Signature, an
// HMAC-SHA256 with one of its keys of "<t>.<raw body>".
import type { Environment } from '../../../../runtime/api/contract';

/** The example body: plain JSON, which the function gets as `data` (data.name is "Ann"). */
export const EXAMPLE_BODY = '{"name": "Ann"}';

export interface PublicCallExample {
  method: 'POST';
  url: string;
  body: string;
  /** A shell command (a few lines for a signed function: the signature is computed with openssl). */
  curl: string;
}

/** Single-quoted for a POSIX shell. */
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function publicCallExample(input: { origin: string; publicPath: string; env: Environment; signed: boolean; keyId?: string }): PublicCallExample {
  const url = `${input.origin}/api${input.publicPath}`;
  const head = [`curl -X POST ${quote(url)}`, `  -H 'Content-Type: application/json'`, `  -H 'X-Project-Env: ${input.env}'`];
  if (!input.signed) return { method: 'POST', url, body: EXAMPLE_BODY, curl: [...head, `  --data-raw ${quote(EXAMPLE_BODY)}`].join(' \\\n') };
  const curl = [
    `BODY=${quote(EXAMPLE_BODY)}`,
    `KEY='<key>'; KEY_ID=${quote(input.keyId ?? '<key id>')}`,
    'T=$(date +%s)',
    `S=$(printf '%s.%s' "$T" "$BODY" | openssl dgst -sha256 -hmac "$KEY" -r | cut -d' ' -f1)`,
    [...head, `  -H "X-Luma-Signature: t=$T,k=$KEY_ID,s=$S"`, `  --data-raw "$BODY"`].join(' \\\n'),
  ].join('\n');
  return { method: 'POST', url, body: EXAMPLE_BODY, curl };
}
