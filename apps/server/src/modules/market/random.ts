/** A seeded pseudo-random source (mulberry32): the simulator is deterministic when given a seed. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Student-t with `df` degrees of freedom, scaled to unit variance (fat tails like real returns). */
  studentT(df: number): number {
    if (!Number.isFinite(df) || df > 100) return this.normal();
    let chi = 0;
    const k = Math.max(3, Math.round(df));
    for (let i = 0; i < k; i++) chi += this.normal() ** 2;
    return (this.normal() / Math.sqrt(chi / k)) * Math.sqrt((k - 2) / k);
  }
}

/** A stable 32-bit hash of text (FNV-1a), to derive one stream per instrument from one seed. */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
