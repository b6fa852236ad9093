import { randomUuid } from '@tradepad/contracts/idempotency';
import { readStorage, writeStorage } from './storage.ts';

const KEY = 'tradepad.uuid';
let cachedId: string | null = null;

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
