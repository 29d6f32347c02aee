import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (product and category descriptions) is stored as HTML and shown as HTML by the web
 * app, so it is cleaned here, on every write, to the markup the editor can make: headings 1 and 2,
 * paragraphs, bold, italic, underline, strike, lists, line breaks, links and text alignment.
 * Anything else is dropped: script and style elements with their contents, event handlers, other
 * styles, and links other than http(s) and mailto (javascript: and data: are how links run code).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'p', 'strong', 'b', 'em', 'i', 'u', 's', 'ol', 'ul', 'li', 'br', 'a'],
  allowedAttributes: {
    a: ['href', 'rel'],
    h1: ['style'],
    h2: ['style'],
    p: ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': [/^(left|center|right|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Elements whose text must not survive as text either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link leaves the app: the opened page gets no handle on it.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
  },
};

/** The HTML as stored: only the allowed markup; null when nothing is left to show. */
export function sanitizeRichText(html: string): string | null;
export function sanitizeRichText(html: string | null | undefined): string | null | undefined;
export function sanitizeRichText(html: string | null | undefined): string | null | undefined {
  if (html === undefined || html === null) return html;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' ? null : clean;
}

/**
 * The input of a create or an update with its rich text description cleaned; an absent
 * description stays absent (an update then leaves it as it is).
 */
export function withCleanDescription<T extends { description?: string | null }>(input: T): T {
  return input.description === undefined
    ? input
    : { ...input, description: sanitizeRichText(input.description) };
}
