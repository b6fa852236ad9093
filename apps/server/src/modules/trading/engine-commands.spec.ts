import { describe, expect, it } from 'vitest';
import { AppError, TryAgain } from '../../core/errors.ts';
import type { EngineRole } from '../../db/engine-lease.ts';
import { CommandUnanswered, type CommandAnswer, type CommandChannel, type EngineCommand } from '../../ports/command-channel.ts';
import { EngineCommands } from './engine-commands.ts';

const log = { warn: () => undefined, error: () => undefined } as never;

/** A channel that hands every command straight to another EngineCommands (the leader), or answers as scripted. */
function loopback(answer: (c: EngineCommand) => Promise<CommandAnswer>): CommandChannel & { sent: EngineCommand[] } {
  const sent: EngineCommand[] = [];
  return {
    sent,
    send: async (c) => {
      const command = { ...c, id: String(sent.length) };
      sent.push(command);
      return answer(command);
    },
    serve: async () => undefined,
    unserve: async () => undefined,
    close: async () => undefined,
  };
}

describe('EngineCommands', () => {
  const make = (role: EngineRole, channel?: CommandChannel) =>
    new EngineCommands({ role: () => role, channel, deadlineMs: 2000, log });

  it('calls in process on the leader, without the channel', async () => {
    const channel = loopback(async () => ({ ok: true, value: 'remote' }));
    expect(await make('leader', channel).run(async () => 'local', 'x', [])).toBe('local');
    expect(channel.sent).toEqual([]);
  });

  it('forwards from a standby with a deadline ~2 s ahead, and returns the leader’s value or refusal', async () => {
    const leader = make('leader');
    leader.handle('add', async (a: number, b: number) => a + b);
    leader.handle('refuse', async () => {
      throw new AppError('err.lots_min', { min: '0.01' });
    });
    const channel = loopback((c) => leader.execute(c));
    const api = make('remote', channel);
    const before = Date.now();
    expect(await api.run(async () => -1, 'add', [2, 3])).toBe(5);
    expect(channel.sent[0]!.deadline - before).toBeGreaterThanOrEqual(2000);
    expect(channel.sent[0]!.deadline - before).toBeLessThan(2100);
    await expect(api.run(async () => -1, 'refuse', [])).rejects.toMatchObject({ key: 'err.lots_min', params: { min: '0.01' } });
  });

  it('does not start a command past its deadline, nor on a node that no longer leads', async () => {
    let ran = 0;
    const leader = make('leader');
    leader.handle('x', async () => ++ran);
    expect(await leader.execute({ id: '1', op: 'x', args: [], deadline: Date.now() - 1 })).toEqual({ ok: false, dropped: true });
    const former = make('standby');
    former.handle('x', async () => ++ran);
    expect(await former.execute({ id: '2', op: 'x', args: [], deadline: Date.now() + 1000 })).toEqual({
      ok: false,
      dropped: true,
    });
    expect(ran).toBe(0);
  });

  it('refuses "try again" (not run) without a channel or when dropped, "unconfirmed" when unanswered', async () => {
    const noChannel = make('standby');
    await expect(noChannel.run(async () => 1, 'x', [])).rejects.toMatchObject({ executed: 'no' });
    const dropped = make(
      'remote',
      loopback(async () => ({ ok: false, dropped: true })),
    );
    await expect(dropped.run(async () => 1, 'x', [])).rejects.toMatchObject({ executed: 'no', key: 'err.engine_unavailable' });
    const silent = make(
      'remote',
      loopback(async (c) => {
        throw new CommandUnanswered(c.op);
      }),
    );
    const err: unknown = await silent.run(async () => 1, 'x', []).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TryAgain);
    expect(err).toMatchObject({ executed: 'unknown', key: 'err.engine_unconfirmed' });
  });

  it('counts the deadline from the request’s receipt: one that already waited past it is refused unsent', async () => {
    const channel = loopback(async () => ({ ok: true, value: 1 }));
    const api = make('remote', channel);
    const before = Date.now();
    await api.run(async () => 0, 'x', [], { elapsedMs: 500 });
    expect(channel.sent[0]!.deadline - before).toBeLessThanOrEqual(1500 + 50);
    await expect(api.run(async () => 0, 'x', [], { elapsedMs: 2500 })).rejects.toMatchObject({ executed: 'no' });
    expect(channel.sent).toHaveLength(1);
  });
});
