import { describe, expect, it } from 'vitest';
import { sessionDevice, sessionTime } from './session-device.ts';

/** Agents as the browsers send them (trimmed of nothing): [agent, browser, system, phone or tablet]. */
const AGENTS: Array<[string, string | null, string | null, boolean]> = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Safari',
    'iPhone',
    true,
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    'Chrome',
    'iPhone',
    true,
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
    'Firefox',
    'iPhone',
    true,
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    'Safari',
    'iPad',
    true,
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Chrome',
    'Android',
    true,
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    'Samsung Internet',
    'Android',
    true,
  ],
  ['Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0', 'Firefox', 'Android', true],
  [
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.0.0',
    'Edge',
    'Android',
    true,
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; V2149 Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36',
    null,
    'Android',
    true,
  ],
  [
    'Mozilla/5.0 (Linux; Android 12; M2101K6G Build/SKQ1; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/4317 MMWEBSDK/20220805 Mobile Safari/537.36 MMWEBID/1234 MicroMessenger/8.0.27.2220(0x28001B37) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    'WeChat',
    'Android',
    true,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Chrome',
    'Windows',
    false,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Edge',
    'Windows',
    false,
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Windows', false],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    'Opera',
    'Windows',
    false,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Safari',
    'macOS',
    false,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome',
    'macOS',
    false,
  ],
  ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux', false],
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    'Chrome',
    'Linux',
    false,
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome',
    'ChromeOS',
    false,
  ],
];

describe('the device a session’s user agent names', () => {
  it.each(AGENTS)('%s', (agent, browser, os, mobile) => {
    expect(sessionDevice(agent)).toEqual({ browser, os, mobile });
  });

  it('says nothing it cannot tell: empty, a script, an app’s own client, or noise', () => {
    for (const agent of ['', '   ', 'curl/8.5.0', 'node', 'okhttp/4.12.0', 'Tradepad/1.0', '<script>alert(1)</script>']) {
      expect(sessionDevice(agent), agent).toEqual({ browser: null, os: null, mobile: false });
    }
  });

  it('names what it can of a partly known agent', () => {
    // An iOS app's own web view: the system without a browser.
    expect(
      sessionDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      ),
    ).toEqual({ browser: null, os: 'iPhone', mobile: true });
    // A browser on a system not in the list.
    expect(sessionDevice('Mozilla/5.0 (FreeBSD amd64; rv:120.0) Gecko/20100101 Firefox/120.0')).toEqual({
      browser: 'Firefox',
      os: null,
      mobile: false,
    });
  });
});

describe('a session time', () => {
  it('reads the server’s text as UTC', () => {
    expect(sessionTime('2026-11-28 09:05:30')?.toISOString()).toBe('2026-11-28T09:05:30.000Z');
    expect(sessionTime('2026-11-28T09:05')?.toISOString()).toBe('2026-11-28T09:05:00.000Z');
  });

  it('is null for what it cannot read', () => {
    for (const text of ['', 'yesterday', '2026-13-45 99:99:99', '1764320730']) expect(sessionTime(text), text).toBeNull();
  });
});
