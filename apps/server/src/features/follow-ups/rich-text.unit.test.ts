import { describe, expect, it } from 'vitest';
import { plainToRichText, richTextToPlain, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it.each([
    [
      'keeps bold, italic and lists',
      '<b>a</b><i>b</i><ul><li>c</li></ul>',
      '<b>a</b><i>b</i><ul><li>c</li></ul>',
    ],
    ['maps strong and em', '<strong>a</strong><em>b</em>', '<b>a</b><i>b</i>'],
    ['drops every attribute', '<p style="x" onclick="alert(1)">hi</p>', '<p>hi</p>'],
    ['drops a script with its content', 'a<script>alert(1)</script>b', 'ab'],
    ['drops a style with its content', '<style>p{}</style>x', 'x'],
    ['drops links but keeps their text', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['drops an image with an onerror', '<img src=x onerror=alert(1)>t', 't'],
    ['drops comments', 'a<!-- <script>x</script> -->b', 'ab'],
    ['escapes a stray angle bracket', '1 < 2 > 0', '1 &lt; 2 &gt; 0'],
    ['keeps entities and escapes a bare ampersand', 'A &amp; B & C', 'A &amp; B &amp; C'],
    ['closes what was left open', '<b><i>x', '<b><i>x</i></b>'],
    ['ignores a close tag never opened', 'x</b></ul>', 'x'],
    ['drops an svg with a script inside', '<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['drops an iframe', '<iframe src="https://evil"></iframe>z', 'z'],
    ['keeps a quoted > inside an attribute out of the text', '<p title="a>b">q</p>', '<p>q</p>'],
    ['turns an uppercase tag into the allowed one', '<B>x</B><BR>', '<b>x</b><br>'],
  ])('%s', (_, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('never lets a tag with an attribute or a script through', () => {
    const nasty = [
      '<scr<script>ipt>alert(1)</script>',
      '<<b>script>alert(1)<</b>/script>',
      '<div/onmouseover="x">d</div>',
      '<p\nonclick=1>p</p>',
      '<math><mi xlink:href="javascript:1">m</mi></math>',
    ];
    for (const input of nasty) {
      const out = sanitizeRichText(input);
      expect(out).not.toMatch(/<script|on\w+=|href|<[a-z]+\s/i);
    }
  });
});

describe('richTextToPlain and plainToRichText', () => {
  it('writes paragraphs, breaks and list items as lines', () => {
    expect(richTextToPlain('<p>Dear <b>Customer</b>,</p><ul><li>one</li><li>two</li></ul>A &amp; B')).toBe(
      'Dear Customer,\n- one\n- two\n\nA & B',
    );
  });
  it('turns typed text into escaped paragraphs', () => {
    expect(plainToRichText('Hello 1 < 2 & 3\nthere\n\nBye')).toBe(
      '<p>Hello 1 &lt; 2 &amp; 3<br>there</p><p>Bye</p>',
    );
  });
});
