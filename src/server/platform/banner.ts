// What `npm start` ends with (src/server/main.ts): the URL, where it listens, the database and the
// sign-in, in a box so it stands out after the build and the logs.

/** Whether `host` is a loopback address or name (only this machine can connect). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare);
}

/** The line that says who can connect, and how to open it up when only this machine can. */
export function listenLine(host: string): string {
  if (isLoopbackHost(host)) return `Listening on ${host} only (this machine); HOST=0.0.0.0 npm start listens on every interface`;
  return `Listening on ${host === '0.0.0.0' || host === '::' ? 'every interface' : host} (HOST=${host})`;
}

/** `lines` inside a box of light lines, one space of padding. */
export function boxed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${bar}┘`].join('\n');
}
