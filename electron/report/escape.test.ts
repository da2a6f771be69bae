import { describe, expect, it } from 'vitest';
import { cleanText, csvCell, csvRow, escapeHtml, escapeMarkdownBlock, escapeMarkdownInline, fileSlug, stripBidi, userHtml } from './escape';

describe('HTML escaping', () => {
  it('escapes the five specials and the backtick', () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;');
  });

  it('isolates user text in <bdi>, removes bidi overrides and keeps line breaks', () => {
    expect(userHtml('invoice\u202Efdp.exe\nnext')).toBe('<bdi>invoicefdp.exe<br>next</bdi>');
    expect(userHtml('')).toBe('');
  });

  it('drops control characters and repairs lone surrogates', () => {
    expect(cleanText('a\u0000b\u0007c\r\nd\uD800e')).toBe('abc\nd\uFFFDe');
  });
});

describe('bidi controls', () => {
  it('removes every embedding, override and isolate control, and nothing else', () => {
    expect(stripBidi('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk')).toBe('abcdefghi\u200Ej\u200Fk');
  });
});

describe('Markdown escaping', () => {
  it('escapes metacharacters and HTML so nothing becomes markup', () => {
    expect(escapeMarkdownInline('[x](javascript:alert(1)) ![i](u) <b>*y*</b> _z_ `c` ~~s~~ | a\\b')).toBe(
      '\\[x\\](javascript:alert(1)) !\\[i\\](u) \\<b\\>\\*y\\*\\</b\\> \\_z\\_ \\`c\\` \\~\\~s\\~\\~ \\| a\\\\b',
    );
  });

  it('escapes with backslashes, never with HTML entities (the record reads as plain text)', () => {
    expect(escapeMarkdownInline('p < 0.05 & a > b "q" &amp;')).toBe('p \\< 0.05 \\& a \\> b "q" \\&amp;');
    expect(escapeMarkdownInline('<script>x</script> | y')).not.toMatch(/&(lt|gt|amp|quot);/);
  });

  it('escapes what would open a block at the start of a line, and leaves plain prose alone', () => {
    expect(['# h', '> q', '- l', '+ l', '= u', '12. n', '3) n'].map(escapeMarkdownInline)).toEqual([
      '\\# h',
      '\\> q',
      '\\- l',
      '\\+ l',
      '\\= u',
      '12\\. n',
      '3\\) n',
    ]);
    expect(escapeMarkdownInline('Best fit (v2.1), 30 % cheaper - really!')).toBe('Best fit (v2.1), 30 % cheaper - really!');
  });

  it('keeps a one-line value on one line (tables)', () => {
    expect(escapeMarkdownInline('a\n  b\r\nc')).toBe('a b c');
  });

  it('turns paragraphs into hard-broken lines without indentation (no code blocks)', () => {
    expect(escapeMarkdownBlock('    code\n# head\n\n\n- item\n1. one')).toBe('code\\\n\\# head\\\n\\\n\\- item\\\n1\\. one');
  });
});

describe('CSV cells', () => {
  it('neutralises formula starts in text cells', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(s).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('plain')).toBe('plain');
    // Formula starters after leading spaces, NBSP, zero-width or direction marks, and full-width ones.
    for (const s of [' =1+1', '\u00A0=1+1', '\u200E=1+1', '\u200F+1', '\u202E=1', '\uFEFF@SUM(A1)', '＝1+1', '＋1', '－1', '＠SUM(A1)', ' ＝1']) {
      expect(
        csvCell(s)
          .replace(/^"/, '')
          .replace(/^[\s\u00A0\u200E\u200F\uFEFF]*/, ''),
      ).toMatch(/^'/);
    }
  });

  it('writes numbers as numbers, negative ones too', () => {
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks per RFC 4180', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    // C0 controls other than tab and line breaks, and DEL, do not survive.
    expect(csvCell('a\u0000b\u0007c\u001B[31md\u007Fe\u0008f')).toBe('abc[31mdef');
    expect(csvCell('keep\ttab')).toBe('keep\ttab');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvRow(['x', 1, '=2'])).toBe("x,1,'=2\r\n");
  });

  it('removes bidi controls', () => {
    expect(csvCell('a\u202Eb')).toBe('ab');
  });
});

describe('file names', () => {
  it('keeps letters and digits of any script, dashes elsewhere', () => {
    expect(fileSlug('Sample: RL stack / v2')).toBe('Sample-RL-stack-v2');
    expect(fileSlug('示例：代码智能体')).toBe('示例-代码智能体');
    expect(fileSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(fileSlug('<<>>')).toBe('workshop');
  });
});
