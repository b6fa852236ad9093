import { describe, expect, it } from 'vitest';
import { csvField, safeText } from './statement-csv.ts';

describe('statement CSV cells', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-cmd', "'-cmd"],
    ['@x', "'@x"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['EUR/USD', 'EUR/USD'],
    ['Bonus #12', 'Bonus #12'],
  ])('a text cell %j is written %j', (text, safe) => {
    expect(safeText(text)).toBe(safe);
  });

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['', ''],
  ])('RFC 4180 quotes %j as %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });
});
