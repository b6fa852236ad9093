import { describe, expect, it } from 'vitest';
import { isMobileVisitor, pcRedirectTarget } from './pc-host.ts';

const desktop = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
  touchPoints: 0,
  width: 1280,
};
const phone = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  touchPoints: 5,
  width: 390,
};
const here = new URL('https://m.example.com/news/detail?id=3');

describe('pcRedirectTarget', () => {
  it('does nothing without a configured pc origin', () => {
    expect(pcRedirectTarget(undefined, here, desktop)).toBeNull();
    expect(pcRedirectTarget('', here, desktop)).toBeNull();
  });
  it('sends a desktop browser to the same path on the pc host', () => {
    expect(pcRedirectTarget('https://pc.example.com/', here, desktop)).toBe('https://pc.example.com/news/detail?id=3');
  });
  it('keeps phones, tablets, the pc host itself and ?mobile=1 where they are', () => {
    expect(pcRedirectTarget('https://pc.example.com', here, phone)).toBeNull();
    expect(pcRedirectTarget('https://pc.example.com', new URL('https://pc.example.com/'), desktop)).toBeNull();
    expect(pcRedirectTarget('https://pc.example.com', new URL('https://m.example.com/?mobile=1'), desktop)).toBeNull();
  });
  it('ignores a configured value that is not a web origin', () => {
    expect(pcRedirectTarget('javascript:alert(1)', here, desktop)).toBeNull();
    expect(pcRedirectTarget('not a url', here, desktop)).toBeNull();
  });
});

describe('isMobileVisitor', () => {
  it('knows an iPad that says Macintosh by its touch screen', () => {
    expect(isMobileVisitor({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', touchPoints: 5, width: 1024 })).toBe(
      true,
    );
    expect(isMobileVisitor(desktop)).toBe(false);
  });
});
