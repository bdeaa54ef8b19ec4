import 'server-only';
/**
 * The one HTML policy for news bodies, applied when a body is saved and again when it is rendered:
 * paragraphs, headings, lists, emphasis (bold, italic, underline), quotes, tables, links to http(s)/mailto
 * or a path on this site, and images from a path on this site (what the editor's toolbar makes). Scripts,
 * event handlers, styles, iframes, forms and other URL schemes are dropped; links open safely.
 */
import sanitizeHtml from 'sanitize-html';
import { isSitePath } from '../../shared/news/body-urls';

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
    'u',
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
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images load from this site only (the content security policy allows no other): no scheme at all.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // An image without a path on this site would show broken (or not at all): dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSitePath(frame.attribs.src ?? ''),
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
