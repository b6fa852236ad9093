import { describe, expect, it } from 'vitest';
import {
  birthDateProblem,
  daysUntil,
  documentExpired,
  expiryReminderDue,
  fullYears,
  isoDate,
  utcDateOf,
  type ExpiryReminder,
  type IsoDate,
} from './identity.ts';

const d = (s: string): IsoDate => {
  const v = isoDate(s);
  if (!v) throw new Error(`not a date: ${s}`);
  return v;
};

describe('real-name dates', () => {
  it.each([
    ['2000-01-31', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-1-10', false],
    ['10/01/2024', false],
    ['2024-01-10T00:00', false],
    ['0999-01-01', false],
    ['', false],
  ])('%s is a calendar date: %s', (text, ok) => {
    expect(isoDate(text) !== undefined).toBe(ok);
  });

  it('reads a unix time as its UTC date', () => {
    expect(utcDateOf(Date.UTC(2026, 10, 18, 23, 59))).toBe('2026-11-18');
    expect(utcDateOf(Date.UTC(2026, 10, 19, 0, 0))).toBe('2026-11-19');
  });

  it.each([
    ['2008-11-18', '2026-11-18', 18],
    ['2008-11-19', '2026-11-18', 17],
    ['2008-12-01', '2026-11-18', 17],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['1950-06-15', '2026-11-18', 76],
  ])('born %s is %i on %s', (birth, today, years) => {
    expect(fullYears(d(birth), d(today))).toBe(years);
  });

  it.each([
    ['an adult of exactly 18 today', '2008-11-18', undefined],
    ['a day short of 18', '2008-11-19', 'err.birth_date_minor'],
    ['a child', '2020-01-01', 'err.birth_date_minor'],
    ['tomorrow', '2026-11-19', 'err.birth_date_future'],
    ['today', '2026-11-18', 'err.birth_date_minor'],
    ['121 years ago', '1905-01-01', 'err.birth_date_invalid'],
  ])('a date of birth of %s (%s) is refused with %s', (_name, birth, problem) => {
    expect(birthDateProblem(d(birth), d('2026-11-18'))).toBe(problem);
  });

  it.each([
    ['2026-11-17', true],
    ['2026-11-18', false],
    ['2030-01-01', false],
  ])('a document expiring %s has expired on 2026-11-18: %s', (expiry, expired) => {
    expect(documentExpired(d(expiry), d('2026-11-18'))).toBe(expired);
  });

  it.each([
    ['2026-11-18', 0],
    ['2026-12-18', 30],
    ['2026-11-11', -7],
    ['2027-03-30', 132],
  ])('%s is %i days from 2026-11-18 (over a change of clocks too)', (date, days) => {
    expect(daysUntil(d(date), d('2026-11-18'))).toBe(days);
  });

  const told = (...ds: ExpiryReminder[]) => new Set<ExpiryReminder>(ds);
  it.each([
    ['31 days left, nothing told', 31, [], undefined],
    ['30 days left', 30, [], 30],
    ['30 days left, 30 told', 30, [30], undefined],
    ['12 days left, 30 told', 12, [30], undefined],
    ['7 days left, 30 told', 7, [30], 7],
    ['7 days left, both told', 7, [30, 7], undefined],
    ['5 days left, nothing told (found late): only the 7-day one', 5, [], 7],
    ['expiring today, 30 told', 0, [30], 7],
    ['expired yesterday', -1, [], undefined],
  ] as const)('%s: reminder %s', (_name, left, already, due) => {
    const today = d('2026-11-18');
    const expiry = utcDateOf(Date.UTC(2026, 10, 18) + left * 86_400_000);
    expect(expiryReminderDue(expiry, today, told(...already))).toBe(due);
  });

  it('tells each reminder once over a document’s last 40 days', () => {
    const expiry = d('2026-12-28');
    const seen = new Set<ExpiryReminder>();
    const toldOn: string[] = [];
    for (let day = 0; day < 50; day++) {
      const today = utcDateOf(Date.UTC(2026, 10, 18) + day * 86_400_000);
      const due = expiryReminderDue(expiry, today, seen);
      if (due) {
        seen.add(due);
        toldOn.push(`${due}@${today}`);
      }
    }
    expect(toldOn).toEqual(['30@2026-11-28', '7@2026-12-21']);
  });
});
