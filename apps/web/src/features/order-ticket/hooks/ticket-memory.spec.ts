// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { recallTicket, rememberTicket } from './ticket-memory.ts';

describe('ticket memory', () => {
  beforeEach(() => localStorage.clear());

  it('remembers lots and leverage per user and instrument', () => {
    rememberTicket(7, 1, { lots: '0.25' });
    rememberTicket(7, 1, { leverage: 50 });
    rememberTicket(undefined, 1, { lots: '1' });
    expect(recallTicket(7, 1)).toEqual({ lots: '0.25', leverage: 50 });
    expect(recallTicket(undefined, 1)).toEqual({ lots: '1' });
    expect(recallTicket(8, 1)).toEqual({});
    expect(recallTicket(7, 2)).toEqual({});
  });

  it('drops what is malformed', () => {
    localStorage.setItem('tradepad.ticket', JSON.stringify({ '7:1': { lots: '1e9', leverage: -3 } }));
    expect(recallTicket(7, 1)).toEqual({});
    localStorage.setItem('tradepad.ticket', '[1]');
    expect(recallTicket(7, 1)).toEqual({});
  });

  it('keeps at most 200 entries, the oldest dropped first', () => {
    for (let i = 0; i < 205; i++) rememberTicket(1, i, { leverage: 10 });
    expect(recallTicket(1, 0)).toEqual({});
    expect(recallTicket(1, 204)).toEqual({ leverage: 10 });
    expect(Object.keys(JSON.parse(localStorage.getItem('tradepad.ticket')!))).toHaveLength(200);
  });
});
