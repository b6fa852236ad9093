import { describe, expect, it } from 'vitest';
import { originAllowed } from './realtime.routes.ts';

describe('originAllowed (websocket handshake, OWASP ASVS 5.0 4.4.2)', () => {
  it.each([
    [undefined, 'tradepad.example', true, 'no Origin: not a browser'],
    ['https://tradepad.example', 'tradepad.example', true, 'the same host'],
    ['https://tradepad.example', 'tradepad.example:443', true, 'ports are not compared'],
    ['http://localhost:5173', 'localhost:8080', true, 'the development server on another port'],
    ['https://tradepad.example', 'api.tradepad.example', true, 'the app talking to its api. host'],
    ['https://TradePad.Example', 'tradepad.example', true, 'host names ignore case'],
    ['https://evil.example', 'tradepad.example', false, 'another site'],
    ['https://tradepad.example.evil.example', 'tradepad.example', false, 'a look-alike suffix'],
    ['https://api.tradepad.example', 'tradepad.example', false, 'the api. host is not the app'],
    ['null', 'tradepad.example', false, 'an opaque origin (sandboxed frame, file:)'],
    ['https://tradepad.example', undefined, false, 'no Host to compare with'],
  ])('Origin %s to host %s: %s (%s)', (origin, host, allowed, _why) => {
    expect(originAllowed(origin, host)).toBe(allowed);
  });
});
