import { MAIL_LAYOUT } from '../../../src/shared/messages/common';
/**
 * The shared look of every e-mail: a dark header with the brand, a dark card with the message, an
 * optional call-to-action button with the link also written out, and a footer. Inline CSS and tables
 * only, because e-mail clients ignore stylesheets. Each message also gets a plain-text alternative.
 */
export type EmailContent = {
  /** Heading of the card (also the HTML <title>). */
  title: string;
  /** The preview line mail clients show next to the subject. */
  preheader: string;
  /** The message body: trusted HTML built with `escapeHtml` for every value that came from a user. */
  bodyHtml: string;
  cta?: { label: string; url: string };
  /** A small note under the button, e.g. when the link expires. */
  note?: string;
};

export type RenderedEmail = { html: string; text: string };

const COLORS = {
  page: '#0d0e14',
  header: '#161826',
  card: '#1d2030',
  border: '#2c3045',
  text: '#ececf4',
  muted: '#a3a8bd',
  primary: '#e05ec6',
  primaryText: '#1d0a1a',
  accent: '#f3d54e',
};

const FONT = "font-family:Inter,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A paragraph in the card's style, for building `bodyHtml`. */
export const paragraph = (html: string) =>
  `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.55;color:${COLORS.text}">${html}</p>`;

/** Plain text of trusted HTML: paragraphs and breaks become new lines, links keep their address. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/gi, (_m, href: string, label: string) =>
      label.replace(/<[^>]+>/g, '') === href ? href : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function button(cta: { label: string; url: string }) {
  const url = escapeHtml(cta.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px">
  <tr><td style="border-radius:10px;background:${COLORS.primary}">
    <a href="${url}" style="display:inline-block;padding:14px 28px;${FONT};font-size:16px;font-weight:700;color:${COLORS.primaryText};text-decoration:none;border-radius:10px">${escapeHtml(cta.label)}</a>
  </td></tr>
</table>
<p style="margin:0 0 16px;${FONT};font-size:13px;line-height:1.5;color:${COLORS.muted}">${MAIL_LAYOUT.buttonFallback}<br /><a href="${url}" style="color:${COLORS.accent};word-break:break-all">${url}</a></p>`;
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const { title, preheader, bodyHtml, cta, note } = content;
  const year = new Date().getFullYear();
  const html = `<!doctype html>
<html lang="es-AR">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="color-scheme" content="dark" />
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page}">
<tr><td align="center" style="padding:24px 12px">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px">
    <tr><td style="background:${COLORS.header};border-radius:16px 16px 0 0;padding:22px 32px;border-bottom:3px solid ${COLORS.primary}">
      <span style="${FONT};font-size:22px;font-weight:800;letter-spacing:.5px;color:${COLORS.text}">${MAIL_LAYOUT.logo[0]}<span style="color:${COLORS.primary}">${MAIL_LAYOUT.logo[1]}</span></span>
    </td></tr>
    <tr><td style="background:${COLORS.card};padding:32px;border:1px solid ${COLORS.border};border-top:0;border-radius:0 0 16px 16px">
      <h1 style="margin:0 0 20px;${FONT};font-size:24px;line-height:1.3;color:${COLORS.text}">${escapeHtml(title)}</h1>
      ${bodyHtml}
      ${cta ? button(cta) : ''}
      ${note ? `<p style="margin:0;${FONT};font-size:13px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(note)}</p>` : ''}
    </td></tr>
    <tr><td align="center" style="padding:20px 32px;${FONT};font-size:12px;line-height:1.5;color:${COLORS.muted}">
      ${MAIL_LAYOUT.automatic}<br />${MAIL_LAYOUT.footer(year)}
    </td></tr>
  </table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    title,
    '',
    htmlToText(bodyHtml),
    ...(cta ? ['', `${cta.label}: ${cta.url}`] : []),
    ...(note ? ['', note] : []),
    '',
    '--',
    MAIL_LAYOUT.automatic,
  ].join('\n');
  return { html, text };
}
