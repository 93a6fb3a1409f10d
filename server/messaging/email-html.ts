const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Links in our bodies are absolute (PUBLIC_URL), end at whitespace, and never end with sentence punctuation.
const LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

/**
 * The HTML part of an e-mail from its plain text (the templates and composed bodies are text): paragraphs at blank
 * lines, line breaks kept, links made clickable. Everything else is escaped, so member-entered text (a gift message)
 * cannot inject markup.
 */
export function textToHtml(subject: string, text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      let html = '';
      let last = 0;
      for (const m of p.matchAll(LINK)) {
        html += escapeHtml(p.slice(last, m.index)) + `<a href="${escapeHtml(m[0])}">${escapeHtml(m[0])}</a>`;
        last = m.index + m[0].length;
      }
      html += escapeHtml(p.slice(last));
      return `<p>${html.replace(/\n/g, '<br>\n')}</p>`;
    });
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#30323a">',
    ...paragraphs,
    '</body></html>',
  ].join('\n');
}
