import { describe, expect, it } from 'vitest';
import { inputEndsMark } from './use-field-check.ts';

const field = (attrs: Record<string, string>, insideInvalid = false) => ({
  getAttribute: (name: string) => attrs[name] ?? null,
  closest: (selector: string) => (insideInvalid && selector === '[aria-invalid="true"]' ? {} : null),
});

describe('a field marked invalid (issue 33: a name field stayed red once filled)', () => {
  it('loses its mark on input into it', () => {
    expect(inputEndsMark(field({ 'aria-invalid': 'true', name: 'payee_name' }))).toBe(true);
    // An input inside a marked field's wrapper (the code field's box).
    expect(inputEndsMark(field({}, true))).toBe(true);
  });

  it('keeps it on input into another field', () => {
    expect(inputEndsMark(field({ 'aria-invalid': 'false' }))).toBe(false);
    expect(inputEndsMark(field({}))).toBe(false);
    expect(inputEndsMark(null)).toBe(false);
  });
});
