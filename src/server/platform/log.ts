// The process log (docs/security.md "Secrets in logs"): one pino logger per process, given to Fastify
// and to the platform (jobs, bus), whose every line passes through the redaction of src/server/platform/redact.ts
// on its way out. Redacting the finished line rather than chosen fields keeps out what no serializer
// knows of: the request URL (an event-bus token, a share link's signature, an invite's token), an
// error's message and stack (a workflow's URL with its api_key), a mail written to the log.
import pino, { type DestinationStream, type Logger } from 'pino';
import { redact, scrubText } from './redact';

/** Where lines go: stdout by default, a test's capture. */
export interface LineSink {
  write(line: string): unknown;
}

/** One finished log line (JSON and a newline) with its secrets replaced. */
export function redactLine(line: string): string {
  const newline = line.endsWith('\n') ? '\n' : '';
  try {
    return JSON.stringify(redact(JSON.parse(line))) + newline;
  } catch {
    return scrubText(line);
  }
}

/** A stream that redacts each line before `sink` has it. */
export function redactingStream(sink: LineSink): DestinationStream {
  return { write: (line: string) => void sink.write(redactLine(line)) };
}

/** stdout as Fastify's own default had it (asynchronous, flushed on exit). */
export function createProcessLogger(level: string, sink: LineSink = pino.destination({ dest: 1, sync: false })): Logger {
  return pino({ level }, redactingStream(sink));
}

/** The platform's (and other services') `log(error, message)` on the process logger. */
export function errorLogOf(logger: Pick<Logger, 'error'>): (error: unknown, message: string) => void {
  return (error, message) => logger.error({ err: error }, message);
}
