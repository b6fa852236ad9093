import { readStorage, writeStorage } from './storage.ts';

const KEY = 'tradepad.uuid';
let cachedId: string | null = null;

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; plain-http hosts get the same v4 layout from getRandomValues.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** This device's id: made once, kept in localStorage; the demo account is found again by it. */
export function deviceId(): string {
  if (cachedId) return cachedId;
  let id = readStorage(KEY);
  if (!id || !/^[A-Za-z0-9-]{16,64}$/.test(id)) {
    id = randomUuid();
    writeStorage(KEY, id);
  }
  cachedId = id;
  return id;
}
