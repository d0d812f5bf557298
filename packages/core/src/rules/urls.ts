const KEPT_SCHEME = /^(?:https?:\/\/|mailto:)/i;
const HTTP_LINK = /https?:\/\/[^\s<>"'`]+/i;
const DOMAIN_LIKE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
// Sentence punctuation around a link is not part of it.
const EDGE_PUNCTUATION = /^[(<[{'"]+|[)>\]}'".,;:!?]+$/g;

/**
 * Links without a scheme get https:// (docs/product.md#prospective). Only http, https and
 * mailto are kept as they are: anything else, `javascript:` included, is made into an
 * https address so it can never run as a script from an href.
 */
export function ensureHttps(s: string | null | undefined): string | null {
  const value = (s ?? '').trim();
  if (value === '') return null;
  if (KEPT_SCHEME.test(value)) return value;
  return value.startsWith('//') ? `https:${value}` : `https://${value}`;
}

function stripEdges(token: string): string {
  return token.replace(EDGE_PUNCTUATION, '');
}

/**
 * docs/product.md#bulk-upload: an http(s) link anywhere in the text wins, then the first
 * domain-like token ('see acme.com/kit please' → 'acme.com/kit'), then the trimmed text.
 * Tokens with an '@' are e-mail addresses, not web sites.
 */
export function extractWebAddress(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  const link = HTTP_LINK.exec(value);
  if (link) return stripEdges(link[0]);
  for (const raw of value.split(/[\s,;]+/)) {
    const token = stripEdges(raw);
    if (!token.includes('@') && DOMAIN_LIKE.test(token)) return token;
  }
  return value;
}

export function isHttpUrl(s: string | null | undefined): boolean {
  if (!s) return false;
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
