import { describe, expect, it } from 'vitest';
import { endpointAllowed } from './web-push.ts';

describe('endpointAllowed', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true],
    ['https://web.push.apple.com:443/x', true],
    ['https://push.example.com:8443/x', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://localhost/x', false],
    ['https://a.localhost/x', false],
    ['https://127.0.0.1/x', false],
    ['https://10.0.0.7/x', false],
    ['https://[::1]/x', false],
    ['https://intranet/x', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['http://127.0.0.1:9000/push', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s without the loopback allowance', (url, ok) => {
    expect(endpointAllowed(url, false)).toBe(ok);
  });

  it('allows http and https on loopback only with the allowance', () => {
    expect(endpointAllowed('http://127.0.0.1:9000/push', true)).toBe(true);
    expect(endpointAllowed('http://localhost:9000/push', true)).toBe(true);
    expect(endpointAllowed('http://10.0.0.7:9000/push', true)).toBe(false);
    expect(endpointAllowed('ftp://127.0.0.1/push', true)).toBe(false);
  });
});
