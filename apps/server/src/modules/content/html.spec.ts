import { describe, expect, it } from 'vitest';
import { plainText, sanitizeArticle, summaryText } from './html.ts';

describe('sanitizeArticle', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<img src=x onerror="alert(1)">', ''],
    ['<p onclick="alert(1)" style="color:red">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<p>a<style>p{}</style></p>', '<p>a</p>'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
  ])('removes what could run: %s', (input, output) => {
    expect(sanitizeArticle(input)).toBe(output);
  });

  it('keeps structure, tables and https links, opened safely', () => {
    const html =
      '<h2>T</h2><ul><li><strong>a</strong></li></ul><table><tr><td colspan="2">1</td></tr></table><a href="https://x.example/">l</a>';
    expect(sanitizeArticle(html)).toBe(
      '<h2>T</h2><ul><li><strong>a</strong></li></ul><table><tr><td colspan="2">1</td></tr></table><a href="https://x.example/" rel="noopener noreferrer nofollow" target="_blank">l</a>',
    );
  });

  it('replaces any rel or target a link brings with its own', () => {
    expect(sanitizeArticle('<a href="https://a.example" rel="opener" target="_self">x</a>')).toBe(
      '<a href="https://a.example" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitizeArticle('<p>x<a href="https://a.example" onclick="y">z</a></p><script>1</script>');
    expect(sanitizeArticle(once)).toBe(once);
  });
});

describe('plainText', () => {
  it('drops every tag and collapses spaces', () => {
    expect(plainText('<p>Hello <strong>world</strong></p>\n<p>again</p>')).toBe('Hello world again');
  });
});

describe('summaryText', () => {
  it('reads block ends as spaces, so a heading does not run into its paragraph', () => {
    expect(
      summaryText('<h2>What changes</h2><p>Markets close <strong>early</strong></p><ul><li><p>A</p></li><li><p>B</p></li></ul>'),
    ).toBe('What changes Markets close early A B');
    expect(summaryText('<h2>有何改動</h2><p>市場</p><blockquote><p>掛單</p></blockquote>')).toBe('有何改動 市場 掛單');
    expect(summaryText('<p>a<br>b</p><p>&lt;x&gt; &amp; y</p>')).toBe('a b x & y');
  });
});
