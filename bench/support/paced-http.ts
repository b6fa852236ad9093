/**
 * An open-loop HTTP/1.1 load generator for latency at a fixed rate. Requests fall due at evenly spaced times and each
 * goes out on an idle keep-alive connection; latency runs from the time a request fell due, not from when it could be
 * sent, so a slow server cannot hide its delay by slowing the generator down ("coordinated omission"). autocannon's
 * rate option is unfit for this: each connection sends its whole second's share back to back and then waits for the
 * next second, so "2,000/s" is a burst at full speed followed by silence. Plain sockets and pre-built requests keep
 * the generator's own cost to a few microseconds per request, leaving the cores to the server.
 */
import net from 'node:net';

export interface PacedOptions {
  host: string;
  port: number;
  /** Requests per second, evenly spaced. */
  rate: number;
  seconds: number;
  /** One complete request (head and body) per connection, sent again for each request on that connection. */
  requests: readonly Buffer[];
  /** Told each answer's times (epoch ms: fell due, sent, read) and body, for a timeline of where the time went. */
  onAnswer?: (times: { due: number; sent: number; answered: number }, body: Buffer) => void;
}

export interface PacedResult {
  /** Requests that fell due in the window. */
  due: number;
  completed: number;
  /** Answers other than 2xx, closed connections, and requests without an answer 10 s after the window. */
  errors: number;
  /** Milliseconds from falling due to the whole answer read, sorted ascending. */
  latencies: number[];
}

/** The value at quantile `q` (0–1) of ascending `sorted`. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const HEAD_END = Buffer.from('\r\n\r\n');
/** A performance.now() time as epoch milliseconds, comparable with another process's on this machine. */
const epoch = (t: number) => performance.timeOrigin + t;

/** Reads keep-alive HTTP/1.1 answers with a Content-Length (what the server sends for JSON). */
class Conn {
  private buffered: Buffer = Buffer.alloc(0);
  private dueAt = 0;
  /** When the request was written (performance.now()). */
  sentAt = 0;
  busy = false;

  constructor(
    readonly socket: net.Socket,
    private readonly request: Buffer,
    private readonly onAnswer: (conn: Conn, status: number, dueAt: number, body: Buffer) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
  }

  send(dueAt: number): void {
    this.busy = true;
    this.dueAt = dueAt;
    this.sentAt = performance.now();
    this.socket.write(this.request);
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : Buffer.from(chunk);
    for (;;) {
      const end = this.buffered.indexOf(HEAD_END);
      if (end < 0) return;
      const head = this.buffered.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      const total = end + HEAD_END.length + length;
      if (this.buffered.length < total) return;
      const body = this.buffered.subarray(end + HEAD_END.length, total);
      this.buffered = this.buffered.subarray(total);
      this.busy = false;
      this.onAnswer(this, Number(head.slice(9, 12)), this.dueAt, body);
    }
  }
}

export async function pacedLoad(o: PacedOptions): Promise<PacedResult> {
  const latencies: number[] = [];
  let errors = 0;
  let completed = 0;
  const waiting: number[] = [];
  const idle: Conn[] = [];
  const dispatch = () => {
    while (waiting.length && idle.length) idle.pop()!.send(waiting.shift()!);
  };
  const conns = await Promise.all(
    o.requests.map(
      (request) =>
        new Promise<Conn>((resolve, reject) => {
          const socket = net.connect(o.port, o.host, () => resolve(conn));
          socket.once('error', reject);
          const conn = new Conn(socket, request, (c, status, dueAt, body) => {
            completed += 1;
            if (status < 200 || status > 299) errors += 1;
            const answered = performance.now();
            latencies.push(answered - dueAt);
            o.onAnswer?.({ due: epoch(dueAt), sent: epoch(c.sentAt), answered: epoch(answered) }, body);
            idle.push(c);
            dispatch();
          });
        }),
    ),
  );
  for (const c of conns) {
    c.socket.on('close', () => {
      if (c.busy) errors += 1;
    });
  }
  idle.push(...conns);

  const interval = 1000 / o.rate;
  const total = Math.round(o.rate * o.seconds);
  const start = performance.now();
  let due = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (due < total && start + due * interval <= now) waiting.push(start + due++ * interval);
      dispatch();
      if (due < total) setTimeout(tick, 0.5);
      else resolve();
    };
    tick();
  });
  // Give the last requests up to 10 s to be answered.
  const deadline = performance.now() + 10_000;
  while ((waiting.length || conns.some((c) => c.busy)) && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5));
  }
  errors += waiting.length + conns.filter((c) => c.busy).length;
  for (const c of conns) c.socket.destroy();
  latencies.sort((a, b) => a - b);
  return { due: total, completed, errors, latencies };
}
