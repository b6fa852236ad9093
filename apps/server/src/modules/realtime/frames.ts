import type { WebSocket } from 'ws';

/** A message as sent: a string, or a whole websocket text frame built once for many clients (`textFrame`). */
export type Frame = string | Buffer;

/**
 * One unmasked, final websocket text frame (RFC 6455 §5.2) holding `text`: built once per published message and
 * written as-is to every subscriber's connection, instead of framing the same bytes again for each client.
 */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const header = n < 126 ? Buffer.from([0x81, n]) : n < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (n >= 126 && n < 65_536) {
    header[0] = 0x81;
    header[1] = 126;
    header.writeUInt16BE(n, 2);
  } else if (n >= 65_536) {
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([header, payload]);
}

/** The TCP socket under a `ws` connection (a private field of ws 8; absent on anything else). */
export function rawSocket(ws: WebSocket): { write(b: Buffer): boolean } | undefined {
  const raw = (ws as unknown as { _socket?: { write(b: Buffer): boolean; writable?: boolean } })._socket;
  return raw && typeof raw.write === 'function' ? raw : undefined;
}
