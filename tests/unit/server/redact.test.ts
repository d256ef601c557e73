// src/server/platform/redact.ts and src/server/platform/log.ts: secrets found by their keys and by what they are, in
// strings anywhere, in JSON inside strings, in URLs and in finished process-log lines; ordinary text
// kept; no text makes a match slow.
import { describe, expect, it } from 'vitest';
import { redactLine } from '../../../src/server/platform/log';
import { REDACTED, redact, safePath, scrubText } from '../../../src/server/platform/redact';

const random43 = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U_-';

describe('scrubText', () => {
  it.each([
    ['an API secret', `Bearer luma_${random43}`],
    ['an event-bus token in a URL', `/api/bus/0190?token=luma_ebt_${random43}`],
    ['a function key', `lumafk_${random43}`],
    ['a TOTP seed', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'],
    ['an otpauth URL', 'otpauth://totp/Luma:a%40b.c?secret=MFRGGZDFMZTWQ2LK&issuer=Luma'],
    ['a QR data URL', 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='],
    ['URL credentials', 'smtp://mailer:s3cr3t-pass@mail.example:587'],
    ['a share link signature', 'https://luma.example/media/lib/a.png?expires=1900000000&signature=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF'],
    ['an api_key query parameter', 'https://api.example/v1?q=1&api_key=k3y-VALUE'],
    ['an invite link', 'https://luma.example/project/invite/5f1d0b0e-8d2f-4f7e-9a51-0c9d2b7c3e11'],
    ['a reset link', 'https://luma.example/user/resetpassword/5f1d0b0e-8d2f-4f7e-9a51-0c9d2b7c3e11'],
    ['a secret key in JSON text', '{"X-Api-Key": "k3y-VALUE", "n": 1}'],
    ['a secret key in a template', '{"api_key": "k3y-VALUE", "n": {{ n }}}'],
    ['an Authorization header line', 'Authorization: Basic dXNlcjpwYXNz'],
  ])('replaces %s', (_what, text) => {
    const out = scrubText(text);
    expect(out).toContain(REDACTED);
    for (const secret of [random43, 'JBSWY3DPEHPK3PXP', 'MFRGGZDFMZTWQ2LK', 'PHN2ZyB4', 's3cr3t-pass', 'Zm9vYmFy', 'k3y-VALUE', '5f1d0b0e', 'dXNlcjpwYXNz']) {
      expect(out).not.toContain(secret);
    }
  });

  it('keeps ordinary text as it was', () => {
    for (const text of ['GET /api/v1/user/claims?x=1', 'incoming request', 'luma_session', 'https://luma.example/media/lib/a.png', 'The password reset mail was not sent', 'luma_records_0190a2b3c4d5e6f7', 'metadata:a,b']) {
      expect(scrubText(text)).toBe(text);
    }
  });

  it('redacts once: a token already replaced is not replaced again', () => {
    expect(scrubText(`?token=luma_ebt_${random43}&x=1`)).toBe(`?token=${REDACTED}&x=1`);
  });

  it('stays linear on hostile text (1 MiB)', () => {
    for (const hostile of ['token'.repeat(200_000), 'a.'.repeat(500_000), 'api_key="'.repeat(100_000), 'x://a:'.repeat(150_000)]) {
      const started = performance.now();
      scrubText(hostile);
      // A bound on the work, not a timing assertion of speed: a quadratic match takes minutes here.
      expect(performance.now() - started).toBeLessThan(10_000);
    }
  });
});

describe('redact', () => {
  it('redacts secret-like keys, extra keys, and header pairs at any depth', () => {
    const out = redact(
      { password: 'p', nested: [{ s3_secret: 's' }, { key: 'X-Api-Key', value: 'v' }, { name: 'plain', value: 'kept' }], value: 'var-value' },
      new Set(['value']),
    );
    expect(out).toEqual({ password: REDACTED, nested: [{ s3_secret: REDACTED }, { key: 'X-Api-Key', value: REDACTED }, { name: 'plain', value: REDACTED }], value: REDACTED });
    expect(redact({ list: [{ name: 'plain', value: 'kept' }] })).toEqual({ list: [{ name: 'plain', value: 'kept' }] });
  });

  it('parses JSON inside a string and redacts it as JSON', () => {
    const headers = JSON.stringify({ api_key: 'k3y-VALUE', accept: 'application/json' });
    const out = redact({ data: { headers } }) as { data: { headers: string } };
    expect(JSON.parse(out.data.headers)).toEqual({ api_key: REDACTED, accept: 'application/json' });
  });
});

describe('safePath', () => {
  it('drops secret query parameters and redacts link tokens in the path', () => {
    expect(safePath('/api/v1/user/claims?x=1&access_token=abc&Password=p&sig=1&signature=s')).toBe('/api/v1/user/claims?x=1&sig=1');
    expect(safePath('/api/v1/auth/invite/5f1d0b0e-8d2f-4f7e-9a51-0c9d2b7c3e11/accept')).toBe(`/api/v1/auth/invite/${REDACTED}/accept`);
  });
});

describe('redactLine (the process log)', () => {
  it('redacts a finished JSON line and keeps its newline', () => {
    const line = `${JSON.stringify({ level: 30, msg: 'incoming request', req: { url: `/api/bus/p?token=luma_ebt_${random43}` } })}\n`;
    const out = redactLine(line);
    expect(out.endsWith('\n')).toBe(true);
    expect(out).not.toContain(random43);
    expect(JSON.parse(out).req.url).toBe(`/api/bus/p?token=${REDACTED}`);
  });

  it('redacts a line that is not JSON as text', () => {
    expect(redactLine(`oops lumafk_${random43}\n`)).toBe(`oops ${REDACTED}\n`);
  });
});
