// The socket frames of one delivery (docs/event-bus.md "The socket"): a subscriber's messages of one
// delivery, already encoded (each event once per way of seeing it, events/hub.ts), go out as few
// frames as they fit in. One message is a frame of its own, as it always was; several are one JSON
// array of the messages in order, `[{topic,payload},…]`, cut so no array passes FRAME_BYTES (a
// message bigger than that alone is still a frame of its own). The frames are built once per group
// of sockets that get the same messages and sent as the same bytes to each of them.

/** Bytes an array frame holds at most: a slow client's byte limit (LUMA_EVENT_QUEUE_BYTES, 4 MiB) is far above. */
export const FRAME_BYTES = 64 * 1024;

export interface Frame {
  /** UTF-8 JSON text, sent as a text frame. */
  readonly data: Buffer;
  /** How many messages it carries (the slow-consumer limit counts messages). */
  readonly messages: number;
}

function frameOf(texts: string[]): Frame {
  const text = texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`;
  return { data: Buffer.from(text, 'utf8'), messages: texts.length };
}

/** `texts` (each one JSON message, in order) as frames, in the same order. */
export function framesOf(texts: readonly string[], limit = FRAME_BYTES): Frame[] {
  const frames: Frame[] = [];
  let part: string[] = [];
  // The array's brackets and commas: one byte per message.
  let bytes = 1;
  for (const text of texts) {
    const size = Buffer.byteLength(text, 'utf8') + 1;
    if (part.length > 0 && bytes + size > limit) {
      frames.push(frameOf(part));
      part = [];
      bytes = 1;
    }
    part.push(text);
    bytes += size;
  }
  if (part.length > 0) frames.push(frameOf(part));
  return frames;
}
