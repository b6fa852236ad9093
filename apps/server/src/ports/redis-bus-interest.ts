import type { Change, Delta, FullState } from './redis-bus-wire.ts';

/**
 * Who listens where, for the Redis bus: this node's interest as it announces it ({@link LocalInterest}), and the
 * other nodes' as they announced theirs ({@link ClusterInterest}). Plain bookkeeping: the bus sends and receives.
 */

/** What this node's own subscribers say about who listens here (the in-process bus answers it). */
export interface LocalListeners {
  hasSubscribers(channel: string): boolean;
  listens(channel: string, userId: number): boolean;
}

/**
 * This node's interest as announced: the channels with a listener here, and per user channel the users listening.
 * Changes noted during a turn are compared with what was announced and leave as one numbered delta.
 */
export class LocalInterest {
  private readonly any = new Set<string>();
  private readonly users = new Map<string, Set<number>>();
  /** The version of the interest announced last. */
  seq = 0;
  private readonly dirtyAny = new Set<string>();
  private readonly dirtyUsers = new Map<string, Set<number>>();

  /** Who listens to `channel` (and for a user channel, whether `userId` does) may have changed here. */
  note(channel: string, userId?: number): void {
    this.dirtyAny.add(channel);
    if (userId !== undefined) {
      let users = this.dirtyUsers.get(channel);
      if (!users) this.dirtyUsers.set(channel, (users = new Set()));
      users.add(userId);
    }
  }

  /** What changed since the last call, as the next numbered delta; undefined when nothing did. */
  delta(local: LocalListeners): Delta | undefined {
    const changes: Change[] = [];
    for (const channel of this.dirtyAny) {
      const now = local.hasSubscribers(channel);
      if (now === this.any.has(channel)) continue;
      if (now) this.any.add(channel);
      else this.any.delete(channel);
      changes.push([channel, now ? 1 : 0]);
    }
    for (const [channel, users] of this.dirtyUsers) {
      let mine = this.users.get(channel);
      for (const userId of users) {
        const now = local.listens(channel, userId);
        if (now === (mine?.has(userId) ?? false)) continue;
        if (now) {
          if (!mine) this.users.set(channel, (mine = new Set()));
          mine.add(userId);
        } else {
          mine!.delete(userId);
          if (mine!.size === 0) this.users.delete(channel);
        }
        changes.push([channel, now ? 1 : 0, userId]);
      }
    }
    this.dirtyAny.clear();
    this.dirtyUsers.clear();
    if (changes.length === 0) return undefined;
    this.seq += 1;
    return { q: this.seq, c: changes };
  }

  /** The whole interest as announced, with its version. */
  full(): FullState {
    const u: Record<string, number[]> = {};
    for (const [channel, users] of this.users) u[channel] = [...users];
    return { q: this.seq, p: [...this.any], u };
  }
}

/** One node's interest as others know it: the channels it has listeners on, and per user channel its users. */
interface RemoteNode {
  lastSeen: number;
  /** The version of its interest last applied. */
  seq: number;
  /** False until its full interest arrived (after a gap, too): meanwhile nothing is held back from Redis. */
  complete: boolean;
  /** When its full interest was last asked for (asked again at most once a beat). */
  wantedAt: number;
  any: Set<string>;
  users: Map<string, Set<number>>;
}

/**
 * The other nodes' interest, from their deltas, whole interests and beats: per channel how many nodes have listeners,
 * per user channel and user how many. A node that is new, skipped a version or is not known completely is asked for
 * its whole interest (`want`, at most once a beat per node).
 */
export class ClusterInterest {
  private readonly nodes = new Map<string, RemoteNode>();
  private readonly any = new Map<string, number>();
  private readonly users = new Map<string, Map<number, number>>();

  constructor(
    private readonly beatMs: number,
    /** Asks node `id` for its whole interest. */
    private readonly want: (id: string) => void,
  ) {}

  /** Whether another node has a listener on `channel`. */
  has(channel: string): boolean {
    return this.any.has(channel);
  }

  /** The users listening to the user channel `channel` on other nodes (how many nodes each). */
  usersOf(channel: string): ReadonlyMap<number, number> | undefined {
    return this.users.get(channel);
  }

  /** Whether every node heard from is known completely. */
  get complete(): boolean {
    for (const n of this.nodes.values()) if (!n.complete) return false;
    return true;
  }

  /** Messages may have been missed (a reconnection): every node is incomplete until its whole interest arrives. */
  forgetCompleteness(): void {
    for (const n of this.nodes.values()) n.complete = false;
  }

  /** The record of a node that spoke, made (incomplete, its whole interest asked for) when it is new. */
  seen(id: string): void {
    this.node(id);
  }

  private node(id: string): RemoteNode {
    let node = this.nodes.get(id);
    if (!node) {
      node = { lastSeen: 0, seq: 0, complete: false, wantedAt: -Infinity, any: new Set(), users: new Map() };
      this.nodes.set(id, node);
      this.ask(id, node);
    }
    node.lastSeen = performance.now();
    return node;
  }

  private ask(id: string, node: RemoteNode): void {
    const now = performance.now();
    if (now - node.wantedAt < this.beatMs) return;
    node.wantedAt = now;
    this.want(id);
  }

  applyDelta(id: string, delta: Delta): void {
    const node = this.node(id);
    if (node.complete && delta.q !== node.seq + 1) {
      // A delta was lost: what is known of this node may be wrong until its whole interest arrives.
      node.complete = false;
      this.ask(id, node);
    }
    node.seq = Math.max(node.seq, delta.q);
    for (const change of delta.c) {
      const [channel, on, userId] = change;
      if (userId === undefined) this.setAny(node, channel, on === 1);
      else this.setUser(node, channel, userId, on === 1);
    }
  }

  applyFull(id: string, state: FullState): void {
    const node = this.node(id);
    if (node.complete && state.q < node.seq) return;
    for (const channel of [...node.any]) if (!state.p.includes(channel)) this.setAny(node, channel, false);
    for (const channel of state.p) this.setAny(node, channel, true);
    for (const [channel, users] of [...node.users]) {
      const next = new Set(state.u[channel] ?? []);
      for (const userId of [...users]) if (!next.has(userId)) this.setUser(node, channel, userId, false);
    }
    for (const [channel, users] of Object.entries(state.u)) for (const userId of users) this.setUser(node, channel, userId, true);
    node.seq = state.q;
    node.complete = true;
  }

  applyBeat(id: string, beat: { q: number }): void {
    const node = this.node(id);
    if (node.complete && beat.q !== node.seq) {
      node.complete = false;
      this.ask(id, node);
    } else if (!node.complete) {
      this.ask(id, node);
    }
  }

  /** The nodes not heard from since `cutoff` (performance.now()). */
  silentSince(cutoff: number): string[] {
    const silent: string[] = [];
    for (const [id, node] of this.nodes) if (node.lastSeen < cutoff) silent.push(id);
    return silent;
  }

  /** A node that said goodbye or fell silent: its listeners are no longer anyone's. */
  forget(id: string): void {
    const node = this.nodes.get(id);
    if (!node) return;
    for (const channel of [...node.any]) this.setAny(node, channel, false);
    for (const [channel, users] of [...node.users]) for (const userId of [...users]) this.setUser(node, channel, userId, false);
    this.nodes.delete(id);
  }

  private setAny(node: RemoteNode, channel: string, on: boolean): void {
    if (on === node.any.has(channel)) return;
    if (on) {
      node.any.add(channel);
      this.any.set(channel, (this.any.get(channel) ?? 0) + 1);
    } else {
      node.any.delete(channel);
      const n = (this.any.get(channel) ?? 1) - 1;
      if (n <= 0) this.any.delete(channel);
      else this.any.set(channel, n);
    }
  }

  private setUser(node: RemoteNode, channel: string, userId: number, on: boolean): void {
    let users = node.users.get(channel);
    if (on === (users?.has(userId) ?? false)) return;
    let counts = this.users.get(channel);
    if (on) {
      if (!users) node.users.set(channel, (users = new Set()));
      users.add(userId);
      if (!counts) this.users.set(channel, (counts = new Map()));
      counts.set(userId, (counts.get(userId) ?? 0) + 1);
    } else {
      users!.delete(userId);
      if (users!.size === 0) node.users.delete(channel);
      const n = (counts?.get(userId) ?? 1) - 1;
      if (n <= 0) counts?.delete(userId);
      else counts!.set(userId, n);
      if (counts?.size === 0) this.users.delete(channel);
    }
  }
}
