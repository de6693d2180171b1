import { describe, expect, it } from 'vitest';
import { plainText, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it.each([
    ['Hola\n\nChau', '<p>Hola</p><p>Chau</p>'],
    ['una\nlínea', '<p>una<br>línea</p>'],
    ['**fuerte** y *suave*', '<p><strong>fuerte</strong> y <em>suave</em></p>'],
    ['- uno\n- dos', '<ul><li>uno</li><li>dos</li></ul>'],
    [
      '[web](https://ejemplo.com)',
      '<p><a href="https://ejemplo.com" rel="nofollow noopener" target="_blank">web</a></p>',
    ],
  ])('renders %j', (source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });

  it('escapes raw HTML instead of injecting it', () => {
    expect(renderMarkdown('<script>alert(1)</script><img src=x onerror=alert(1)>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });

  it('does not turn javascript: links into anchors', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('<a');
  });
});

describe('plainText', () => {
  it('drops markup and cuts long text', () => {
    expect(plainText('**Hola** [mundo](https://x.com)')).toBe('Hola mundo');
    expect(plainText('a'.repeat(200), 10)).toBe('aaaaaaaaa…');
  });
});
