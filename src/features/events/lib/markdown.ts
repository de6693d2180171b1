/**
 * A small, safe Markdown subset for event descriptions: paragraphs, line breaks, **bold**, *italic*,
 * "- " lists and [links](https://...). Everything is HTML-escaped first, so no raw HTML from the
 * producer can reach the page; links only allow http(s) and open with rel="nofollow noopener".
 */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*(?!\s)(.+?)\*(?!\*)/g, '$1<em>$2</em>')
    .replace(
      /\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g,
      (_m, label: string, href: string) => `<a href="${href}" rel="nofollow noopener" target="_blank">${label}</a>`,
    );
}

export function renderMarkdown(source: string): string {
  const blocks = source
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/);
  return blocks
    .filter((block) => block.trim())
    .map((block) => {
      const rows = block.split('\n');
      if (rows.every((row) => /^\s*[-*]\s+/.test(row)))
        return `<ul>${rows.map((row) => `<li>${inline(row.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`;
      return `<p>${rows.map(inline).join('<br>')}</p>`;
    })
    .join('');
}

/** Plain text for meta descriptions: no markup, one line, at most `max` characters. */
export function plainText(source: string, max = 160): string {
  const text = source
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/[*_#>`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
