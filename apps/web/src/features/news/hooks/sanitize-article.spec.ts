// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isSafeHref, sanitizeArticle } from './sanitize-article.ts';

describe('sanitizeArticle', () => {
  it('keeps the allowed structure', () => {
    const html = '<h2>Title</h2><p>Some <strong>bold</strong> and <em>italic</em></p><ul><li>one</li></ul>';
    expect(sanitizeArticle(html)).toBe(html);
  });

  it('drops scripts with their content and every event handler', () => {
    const out = sanitizeArticle(
      '<p onclick="x()">Hi</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"><svg onload="x()"><text>t</text></svg>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeArticle('<div><font color="red">text</font></div>')).toBe('text');
  });

  it('keeps https and mailto links, opening outside, and drops javascript: ones', () => {
    expect(sanitizeArticle('<a href="https://example.com" onclick="x()">a</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
    expect(sanitizeArticle('<a href="javascript:alert(1)">b</a>')).toBe('<a>b</a>');
    expect(sanitizeArticle('<a href=" JAVASCRIPT:alert(1)">c</a>')).toBe('<a>c</a>');
  });

  it('drops styles, classes and frames', () => {
    expect(sanitizeArticle('<p style="position:fixed" class="x">t</p><iframe title="f"></iframe>')).toBe('<p>t</p>');
  });

  it('keeps table spans that are numbers only', () => {
    expect(sanitizeArticle('<table><tbody><tr><td colspan="2" rowspan="x">a</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table>',
    );
  });
});

describe('isSafeHref', () => {
  it('accepts https and mailto only', () => {
    expect(isSafeHref('https://a.b')).toBe(true);
    expect(isSafeHref('mailto:a@b.c')).toBe(true);
    expect(isSafeHref('http://a.b')).toBe(false);
    expect(isSafeHref('data:text/html,x')).toBe(false);
    expect(isSafeHref('//a.b')).toBe(false);
  });
});
