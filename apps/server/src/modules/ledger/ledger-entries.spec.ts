import { micros, type Micros } from '@tradepad/domain';
import { describe, expect, it } from 'vitest';
import {
  balanceAdjusted,
  copyFeeCharged,
  copyFunded,
  copyReturned,
  demoFunded,
  demoReset,
  depositCredited,
  orderCancelled,
  orderClosed,
  orderOpened,
  pendingRepriced,
  commissionCharged,
  swapCharged,
  withdrawalPaid,
  withdrawalRequested,
  withdrawalReturned,
  writeOff,
} from './ledger-entries.ts';
import type { JournalEntry } from './ledger.repository.ts';

const m = (usd: number): Micros => micros(BigInt(Math.round(usd * 1e6)));
const at = 1_700_000_000_000;
const user = 7;

/** The entry's movements by account, in USD, as `user:7/cash` or `house/fees`. */
function moves(e: JournalEntry): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of e.postings) {
    const key = 'user' in p.account ? `user:${p.account.user}/${p.account.kind}` : `house/${p.account.house}`;
    out[key] = (out[key] ?? 0) + Number(p.amount) / 1e6;
  }
  return out;
}

const cases: Array<{ name: string; entry: JournalEntry; type: string; ref: JournalEntry['ref']; moves: Record<string, number> }> =
  [
    {
      name: 'depositCredited',
      entry: depositCredited({ depositId: 3, userId: user, amount: m(250), at }),
      type: 'deposit',
      ref: { type: 'deposit', id: 3 },
      moves: { 'user:7/cash': 250, 'house/deposits': -250 },
    },
    {
      name: 'withdrawalRequested',
      entry: withdrawalRequested({ withdrawalId: 4, userId: user, amount: m(100), at }),
      type: 'withdraw_lock',
      ref: { type: 'withdrawal', id: 4 },
      moves: { 'user:7/cash': -100, 'user:7/locked': 100 },
    },
    {
      name: 'withdrawalPaid',
      entry: withdrawalPaid({ withdrawalId: 4, userId: user, amount: m(100), fee: m(2.5), at }),
      type: 'withdraw_paid',
      ref: { type: 'withdrawal', id: 4 },
      moves: { 'user:7/locked': -100, 'house/withdrawals': 97.5, 'house/fees': 2.5 },
    },
    {
      name: 'withdrawalPaid without a fee',
      entry: withdrawalPaid({ withdrawalId: 5, userId: user, amount: m(100), fee: m(0), at }),
      type: 'withdraw_paid',
      ref: { type: 'withdrawal', id: 5 },
      moves: { 'user:7/locked': -100, 'house/withdrawals': 100 },
    },
    {
      name: 'withdrawalReturned',
      entry: withdrawalReturned({ withdrawalId: 4, userId: user, amount: m(100), at }),
      type: 'withdraw_release',
      ref: { type: 'withdrawal', id: 4 },
      moves: { 'user:7/locked': -100, 'user:7/cash': 100 },
    },
    {
      name: 'demoFunded',
      entry: demoFunded({ userId: user, amount: m(100_000), at }),
      type: 'demo_funding',
      ref: { type: 'user', id: user },
      moves: { 'user:7/cash': 100_000, 'house/demo_funding': -100_000 },
    },
    {
      name: 'demoReset down',
      entry: demoReset({ userId: user, delta: m(-1234.5), at }),
      type: 'demo_reset',
      ref: { type: 'user', id: user },
      moves: { 'user:7/cash': -1234.5, 'house/demo_funding': 1234.5 },
    },
    {
      name: 'orderOpened (real)',
      entry: orderOpened({ orderId: 9, userId: user, demo: false, margin: m(1085), fee: m(5), at }),
      type: 'order_open',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/cash': -1090, 'user:7/margin': 1085, 'house/fees': 5 },
    },
    {
      name: 'orderOpened (demo): the fee goes to demo funding',
      entry: orderOpened({ orderId: 9, userId: user, demo: true, margin: m(1085), fee: m(5), at }),
      type: 'order_open',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/cash': -1090, 'user:7/margin': 1085, 'house/demo_funding': 5 },
    },
    {
      name: 'orderCancelled',
      entry: orderCancelled({ orderId: 9, userId: user, demo: false, margin: m(1085), fee: m(5), at }),
      type: 'order_cancel',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/margin': -1085, 'house/fees': -5, 'user:7/cash': 1090 },
    },
    {
      name: 'pendingRepriced to a dearer level',
      entry: pendingRepriced({ orderId: 9, userId: user, demo: false, margin: m(15), fee: m(0.5), at }),
      type: 'order_reprice',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/cash': -15.5, 'user:7/margin': 15, 'house/fees': 0.5 },
    },
    {
      name: 'pendingRepriced to a cheaper level (demo)',
      entry: pendingRepriced({ orderId: 9, userId: user, demo: true, margin: m(-15), fee: m(-0.5), at }),
      type: 'order_reprice',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/cash': 15.5, 'user:7/margin': -15, 'house/demo_funding': -0.5 },
    },
    {
      name: 'orderClosed with a profit',
      entry: orderClosed({ orderId: 9, userId: user, demo: false, margin: m(1085), profit: m(42.1), at }),
      type: 'order_close',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/margin': -1085, 'house/trading': -42.1, 'user:7/cash': 1127.1 },
    },
    {
      name: 'orderClosed with a loss beyond the margin',
      entry: orderClosed({ orderId: 9, userId: user, demo: true, margin: m(100), profit: m(-150), at }),
      type: 'order_close',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/margin': -100, 'house/demo_funding': 150, 'user:7/cash': -50 },
    },
    {
      name: 'orderClosed settles the swap accrued on the position into the cash',
      entry: orderClosed({ orderId: 9, userId: user, demo: false, margin: m(1085), profit: m(42.1), swap: m(-18.75), at }),
      type: 'order_close',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/margin': -1085, 'house/trading': -42.1, 'user:7/swap': 18.75, 'user:7/cash': 1108.35 },
    },
    {
      name: 'swapCharged accrues a charge on the swap account, the house swaps account earns it',
      entry: swapCharged({ orderId: 9, userId: user, demo: false, amount: m(-6.25), at }),
      type: 'swap',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/swap': -6.25, 'house/swaps': 6.25 },
    },
    {
      name: 'swapCharged pays a positive swap from demo funding on a demo account',
      entry: swapCharged({ orderId: 9, userId: user, demo: true, amount: m(1.2), at }),
      type: 'swap',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/swap': 1.2, 'house/demo_funding': -1.2 },
    },
    {
      name: 'commissionCharged takes one side of a commission from the cash to the house fees',
      entry: commissionCharged({ orderId: 9, userId: user, demo: false, amount: m(3.5), at }),
      type: 'commission',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/cash': -3.5, 'house/fees': 3.5 },
    },
    {
      name: 'commissionCharged on a demo account goes to demo funding',
      entry: commissionCharged({ orderId: 9, userId: user, demo: true, amount: m(0.35), at }),
      type: 'commission',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/cash': -0.35, 'house/demo_funding': 0.35 },
    },
    {
      name: 'orderClosed at break-even leaves the house out',
      entry: orderClosed({ orderId: 9, userId: user, demo: false, margin: m(100), profit: m(0), at }),
      type: 'order_close',
      ref: { type: 'order', id: 9 },
      moves: { 'user:7/margin': -100, 'user:7/cash': 100 },
    },
    {
      name: 'writeOff',
      entry: writeOff({ orderId: 9, userId: user, demo: false, amount: m(50), at }),
      type: 'writeoff',
      ref: { type: 'order', id: 9 },
      moves: { 'house/writeoffs': -50, 'user:7/cash': 50 },
    },
    {
      name: 'balanceAdjusted: a bonus credits the cash from the house',
      entry: balanceAdjusted({ adjustmentId: 2, userId: user, demo: false, kind: 'bonus', amount: m(50), at }),
      type: 'adjust_bonus',
      ref: { type: 'adjustment', id: 2 },
      moves: { 'user:7/cash': 50, 'house/adjustments': -50 },
    },
    {
      name: 'balanceAdjusted: a correction debit goes back to the house',
      entry: balanceAdjusted({ adjustmentId: 3, userId: user, demo: false, kind: 'correction', amount: m(-12.34), at }),
      type: 'adjust_correction',
      ref: { type: 'adjustment', id: 3 },
      moves: { 'user:7/cash': -12.34, 'house/adjustments': 12.34 },
    },
    {
      name: 'balanceAdjusted on a demo account stays in demo funding',
      entry: balanceAdjusted({ adjustmentId: 4, userId: user, demo: true, kind: 'compensation', amount: m(5), at }),
      type: 'adjust_compensation',
      ref: { type: 'adjustment', id: 4 },
      moves: { 'user:7/cash': 5, 'house/demo_funding': -5 },
    },
    {
      name: 'copyFunded',
      entry: copyFunded({ followId: 9, followerId: user, accountUserId: 70, amount: m(500), at }),
      type: 'copy_funded',
      ref: { type: 'copy_follow', id: 9 },
      moves: { 'user:7/cash': -500, 'user:70/cash': 500 },
    },
    {
      name: 'copyReturned',
      entry: copyReturned({ followId: 9, followerId: user, accountUserId: 70, amount: m(480.5), at }),
      type: 'copy_returned',
      ref: { type: 'copy_follow', id: 9 },
      moves: { 'user:70/cash': -480.5, 'user:7/cash': 480.5 },
    },
    {
      name: 'copyFeeCharged (performance)',
      entry: copyFeeCharged({
        followId: 9,
        followerId: user,
        accountUserId: 70,
        providerId: 3,
        kind: 'performance',
        amount: m(4),
        at,
      }),
      type: 'performance_fee',
      ref: { type: 'copy_follow', id: 9 },
      moves: { 'user:70/cash': -4, 'user:3/cash': 4 },
    },
    {
      name: 'copyFeeCharged (management)',
      entry: copyFeeCharged({
        followId: 9,
        followerId: user,
        accountUserId: 70,
        providerId: 3,
        kind: 'management',
        amount: m(0.054794),
        at,
      }),
      type: 'management_fee',
      ref: { type: 'copy_follow', id: 9 },
      moves: { 'user:70/cash': -0.054794, 'user:3/cash': 0.054794 },
    },
  ];

describe('ledger entries', () => {
  it.each(cases)('$name balances and moves the right accounts', ({ entry, type, ref, moves: expected }) => {
    expect(entry.postings.reduce((s, p) => s + p.amount, 0n)).toBe(0n);
    expect(entry.postings.every((p) => p.amount !== 0n)).toBe(true);
    expect(moves(entry)).toEqual(expected);
    expect(entry).toMatchObject({ type, ref, userId: user, memoKey: `ledger.${type}`, at });
  });
});
