import 'server-only';
/**
 * The one HTML policy for news bodies, applied when a body is saved and again when it is rendered:
 * paragraphs, headings, lists, emphasis, quotes, tables and links to http(s)/mailto only. Scripts,
 * event handlers, styles, iframes, forms and other URL schemes are dropped; links open safely.
 */
import sanitizeHtml from 'sanitize-html';

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
    'sub',
    'sup',
  ],
  allowedAttributes: { a: ['href', 'title'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their content, not just unwrapped.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', ...(attribs.href?.startsWith('http') ? { target: '_blank' } : {}) },
    }),
  },
};

// `rel` and `target` are added by the transform, so they must be allowed on the way out.
POLICY.allowedAttributes = { ...(POLICY.allowedAttributes as Record<string, string[]>), a: ['href', 'title', 'rel', 'target'] };

export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, POLICY).trim();
}

/** Plain text of a body (for summaries and search snippets). */
export function htmlToText(html: string): string {
  // Blocks end with a space, so words of adjacent paragraphs do not run together.
  return sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|td|th|blockquote)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
