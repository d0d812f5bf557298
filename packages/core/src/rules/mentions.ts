// @mentions in a campaign comment's text (docs/adr/0059). A mention is stored in the text as a
// token that names the person by id, `@[label](user:<uuid>)`: the label is what the author saw
// (an e-mail), only a fallback; the id is what counts, so a mention survives a changed address and
// readers are shown the person's e-mail as it is now. Pure and zod-free: browsers use it too.

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** A mention token anywhere in a text (global: reset `lastIndex` or use the helpers below). */
export const MENTION_TOKEN = new RegExp(`@\\[([^\\]\\n]{0,200})\\]\\(user:(${UUID})\\)`, 'g');

/** The token that mentions `userId`, labelled with what the author picked (brackets and line breaks dropped). */
export function mentionToken(label: string, userId: string): string {
  return `@[${label.replace(/[\][\n\r]/g, '').slice(0, 200)}](user:${userId.toLowerCase()})`;
}

/** The users a text mentions, each once, in the order they first appear (ids lower-cased). */
export function mentionedIds(text: string): string[] {
  const ids: string[] = [];
  for (const m of text.matchAll(new RegExp(MENTION_TOKEN.source, 'g'))) {
    const id = m[2]!.toLowerCase();
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Who an edit mentions that the text did not mention before: only they are told. */
export function newlyMentioned(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before.map((id) => id.toLowerCase()));
  return after.filter((id) => !had.has(id.toLowerCase()));
}

/** A piece of a comment's text: plain text, or a mention of a user. */
export type MentionPart = { text: string } | { mention: string; label: string };

/** The text cut at its mention tokens, for drawing each mention as a name. */
export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let at = 0;
  for (const m of text.matchAll(new RegExp(MENTION_TOKEN.source, 'g'))) {
    if (m.index! > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ mention: m[2]!.toLowerCase(), label: m[1]! });
    at = m.index! + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The text with each mention as `@label`: what a notification's excerpt or a mail quotes. */
export function mentionsAsText(text: string): string {
  return splitMentions(text).map((p) => ('mention' in p ? `@${p.label}` : p.text)).join('');
}

/**
 * The mention being typed at the caret: an `@` at the start or after a space or bracket, and the
 * characters after it up to the caret (no spaces), else null. What the composer's autocomplete asks.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[\s([{])@([^\s@[\]()]{0,100})$/.exec(before);
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}

/** The text with the typed `@query` from `start` to `caret` replaced by a mention token and a space; and the new caret. */
export function insertMention(text: string, start: number, caret: number, label: string, userId: string): { text: string; caret: number } {
  const token = `${mentionToken(label, userId)} `;
  return { text: text.slice(0, start) + token + text.slice(caret), caret: start + token.length };
}
