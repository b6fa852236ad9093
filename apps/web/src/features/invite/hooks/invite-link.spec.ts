import { describe, expect, it } from 'vitest';
import { inviteLink } from './invite-link.ts';

describe('inviteLink', () => {
  it('points at the register screen with the code', () => {
    expect(inviteLink('https://m.example.com', 'AB12CD')).toBe('https://m.example.com/register?invite_code=AB12CD');
  });
  it('escapes the code and is empty without one', () => {
    expect(inviteLink('http://x', 'a b&c')).toBe('http://x/register?invite_code=a%20b%26c');
    expect(inviteLink('http://x', '')).toBe('');
  });
});
