import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOG_BATCH_BYTES, LOG_FLUSH_MS, logDestination } from './log-destination.ts';

let dir = '';
let dest: ReturnType<typeof logDestination> | undefined;
beforeEach(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-log-'))));
afterEach(async () => {
  // Its periodic flush stops with it.
  const d = dest as unknown as { end(): void; once(e: string, f: () => void): void } | undefined;
  if (d) await new Promise<void>((resolve) => (d.once('close', resolve), d.end()));
  dest = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

const open = async (file: string) => {
  dest = logDestination(file);
  const d = dest as unknown as { once(e: string, f: () => void): void };
  await new Promise<void>((resolve) => d.once('ready', resolve));
  return dest;
};
const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

describe('logDestination', () => {
  it('gathers lines and writes them within the flush interval, without a call per line', async () => {
    const file = path.join(dir, 'a.log');
    const dest = await open(file);
    const log = pino({ base: null }, dest);
    log.info('first');
    log.info('second');
    // Under the batch size: nothing is written yet.
    expect(read(file)).toBe('');
    await new Promise((r) => setTimeout(r, LOG_FLUSH_MS * 3));
    expect(
      read(file)
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { msg: string }).msg),
    ).toEqual(['first', 'second']);
  });

  it('writes a full batch at once, and everything left on flushSync (before an exit)', async () => {
    const file = path.join(dir, 'b.log');
    const dest = await open(file);
    const log = pino({ base: null }, dest);
    const line = 'x'.repeat(100);
    const lines = Math.ceil(LOG_BATCH_BYTES / 100) + 5;
    for (let i = 0; i < lines; i++) log.info(line);
    log.info('last');
    dest.flushSync();
    const written = read(file).split('\n').filter(Boolean);
    expect(written).toHaveLength(lines + 1);
    expect((JSON.parse(written.at(-1)!) as { msg: string }).msg).toBe('last');
  });
});
