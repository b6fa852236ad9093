import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target.ts';

describe('redirectTarget', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/order', '/order'],
    ['/mine/withdraw-way?type=2', '/mine/withdraw-way?type=2'],
    ['https://evil.example', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['/login?from=/user', '/'],
  ])('%s → %s', (from, expected) => {
    expect(redirectTarget(from)).toBe(expected);
  });
});
