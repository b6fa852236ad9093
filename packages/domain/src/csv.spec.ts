import { describe, expect, it } from 'vitest';
import { csvCell, csvField, csvLine, safeText } from './csv.ts';

describe('safeText', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1+1', "'+1+1"],
    ['-2+3+cmd|/c calc', "'-2+3+cmd|/c calc"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['-', "'-"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j becomes %j', (text, safe) => expect(safeText(text)).toBe(safe));

  it.each(['-12.50', '-3', '0.000001', '150.00'])('leaves the plain number %j alone', (n) => expect(safeText(n)).toBe(n));
  it.each(['-1e3', '-0x1', '-1.', '- 1'])('escapes %j, which is no plain decimal', (n) => expect(safeText(n)).toBe(`'${n}`));
});

describe('csvField and csvCell', () => {
  it('quotes a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain')).toBe('plain');
  });
  it('escapes before quoting, and writes switches, numbers and nothing', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell(true)).toBe('true');
    expect(csvCell(12n)).toBe('12');
    expect(csvCell(-4)).toBe('-4');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
  it('ends a line with CRLF', () => {
    expect(csvLine(['id', 'name', '=x'])).toBe("id,name,'=x\r\n");
  });
});
