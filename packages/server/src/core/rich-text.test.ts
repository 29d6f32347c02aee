import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it("keeps the editor's markup: headings 1 and 2, emphasis, lists, breaks, alignment", () => {
    const html =
      '<h1 style="text-align: center;">Mixer</h1><h2>Jars</h2>' +
      '<p style="text-align: right;"><strong>750 W</strong>, <b>copper</b>, <em>quiet</em>, <i>light</i>, ' +
      '<u>safe</u>, <s>old</s><br>motor</p>' +
      '<ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol>' +
      '<p style="text-align: justify;">Long</p><p style="text-align: left;">Left</p>';
    expect(sanitizeRichText(html)).toBe(
      '<h1 style="text-align:center">Mixer</h1><h2>Jars</h2>' +
        '<p style="text-align:right"><strong>750 W</strong>, <b>copper</b>, <em>quiet</em>, <i>light</i>, ' +
        '<u>safe</u>, <s>old</s><br />motor</p>' +
        '<ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol>' +
        '<p style="text-align:justify">Long</p><p style="text-align:left">Left</p>',
    );
  });

  it('drops script and style elements with their contents', () => {
    expect(sanitizeRichText('<p>Safe<script>alert(1)</script> text</p><style>p { color: red }</style>')).toBe(
      '<p>Safe text</p>',
    );
    expect(sanitizeRichText('<script>alert(1)</script>')).toBeNull();
  });

  it('removes event handler attributes and elements outside the list', () => {
    expect(sanitizeRichText('<img src="x" onerror="alert(1)"><p onclick="steal()">Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<h3>Small</h3><iframe src="https://example.com"></iframe><div>Box</div>')).toBe(
      'SmallBox',
    );
  });

  it('keeps http, https and mailto links only, always with rel noopener', () => {
    expect(
      sanitizeRichText(
        '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
          '<a href="data:text/html,x">c</a><a href="//evil.example">d</a>',
      ),
    ).toBe(
      '<a rel="noopener noreferrer nofollow">a</a><a rel="noopener noreferrer nofollow">b</a>' +
        '<a rel="noopener noreferrer nofollow">c</a><a rel="noopener noreferrer nofollow">d</a>',
    );
    expect(
      sanitizeRichText(
        '<a href="https://example.com/x" target="_blank" rel="opener" onclick="x()">site</a> ' +
          '<a href="mailto:sales@example.in">mail</a> <a href="http://example.com">plain</a>',
      ),
    ).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer nofollow">site</a> ' +
        '<a href="mailto:sales@example.in" rel="noopener noreferrer nofollow">mail</a> ' +
        '<a href="http://example.com" rel="noopener noreferrer nofollow">plain</a>',
    );
  });

  it('keeps text-align with the editor values only, and no other style', () => {
    expect(
      sanitizeRichText(
        '<p style="text-align: center; color: red; background: url(javascript:x)">A</p>' +
          '<p style="text-align: start">B</p><p style="position: fixed">C</p>' +
          '<strong style="text-align: center">D</strong><ul style="text-align: center"><li>E</li></ul>',
      ),
    ).toBe('<p style="text-align:center">A</p><p>B</p><p>C</p><strong>D</strong><ul><li>E</li></ul>');
  });

  it('escapes plain text, and leaves absent and cleared values as they are', () => {
    expect(sanitizeRichText('Tom & Jerry <3')).toBe('Tom &amp; Jerry &lt;3');
    expect(sanitizeRichText(undefined)).toBeUndefined();
    expect(sanitizeRichText(null)).toBeNull();
    expect(sanitizeRichText('  ')).toBeNull();
  });
});
