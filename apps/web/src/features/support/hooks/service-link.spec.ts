import { describe, expect, it } from 'vitest';
import { serviceLinkMode } from './service-link.ts';

describe('serviceLinkMode', () => {
  it.each([
    ['https://chat.example.com/room', 1, 'frame'],
    ['https://chat.example.com/room', 2, 'outside'],
    ['http://chat.example.com/room', 1, 'outside'],
    ['http://chat.example.com/room', 2, 'outside'],
    ['', 1, 'none'],
    ['   ', 2, 'none'],
    [null, 1, 'none'],
    ['javascript:alert(1)', 1, 'none'],
    ['data:text/html,hi', 2, 'none'],
    ['/relative/path', 1, 'none'],
  ] as const)('%s with type %s → %s', (link, type, mode) => {
    expect(serviceLinkMode(link, type)).toBe(mode);
  });
});
