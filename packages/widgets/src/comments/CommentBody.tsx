import { MENTION_TOKEN, type CommentPerson } from '@cadence/core';
import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';

// A comment's Markdown-light text as React elements (docs/adr/0059): marked's lexer reads it, and
// only bold, italic, strikethrough, code, links (http, https, mailto) and line breaks become
// elements; everything else, raw HTML included, is shown as the text that was typed. Nothing is
// ever set as HTML. Mentions are taken out before lexing and drawn as the person's e-mail now.

/** Private-use characters around a mention's index: text that Markdown leaves alone. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');
const SAFE_HREF = /^(https?:|mailto:)/i;

interface Mention {
  id: string;
  label: string;
}

function withMentions(text: string, mentions: readonly Mention[], people: readonly CommentPerson[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index! > at) parts.push(text.slice(at, m.index));
    const mention = mentions[Number(m[1])];
    if (mention) {
      const email = people.find((p) => p.id === mention.id)?.email;
      parts.push(
        <span key={`m${m.index}`} className="cad-mention" {...(email ? {} : { title: 'No longer a user' })}>
          @{email ?? mention.label}
        </span>,
      );
    }
    at = m.index! + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

function inline(tokens: readonly Token[], mentions: readonly Mention[], people: readonly CommentPerson[]): ReactNode[] {
  return tokens.map((t, i) => {
    const children = 'tokens' in t && t.tokens ? inline(t.tokens, mentions, people) : null;
    switch (t.type) {
      case 'strong':
        return <strong key={i}>{children}</strong>;
      case 'em':
        return <em key={i}>{children}</em>;
      case 'del':
        return <del key={i}>{children}</del>;
      case 'codespan':
        return <code key={i}>{withMentions((t as Tokens.Codespan).text, mentions, people)}</code>;
      case 'br':
        return <br key={i} />;
      case 'link': {
        const href = (t as Tokens.Link).href;
        if (!SAFE_HREF.test(href)) return <Fragment key={i}>{withMentions(t.raw, mentions, people)}</Fragment>;
        return <a key={i} href={href} target="_blank" rel="noopener noreferrer nofollow">{children}</a>;
      }
      case 'escape':
        return <Fragment key={i}>{(t as Tokens.Escape).text}</Fragment>;
      case 'text':
        return <Fragment key={i}>{children ?? withMentions(t.raw, mentions, people)}</Fragment>;
      default:
        // Images, raw HTML and the rest: the text as typed.
        return <Fragment key={i}>{withMentions(t.raw, mentions, people)}</Fragment>;
    }
  });
}

/** The comment's text, safely drawn: paragraphs with inline Markdown, mentions as names. */
export function CommentBody({ body, people }: { body: string; people: readonly CommentPerson[] }): ReactNode {
  const mentions: Mention[] = [];
  const source = body.replace(new RegExp(MENTION_TOKEN.source, 'g'), (_all, label: string, id: string) => {
    mentions.push({ id: id.toLowerCase(), label });
    return `${OPEN}${mentions.length - 1}${CLOSE}`;
  });
  const blocks = Lexer.lex(source, { gfm: true, breaks: true });
  return (
    <div className="cad-comment__body">
      {blocks.map((b, i) => {
        if (b.type === 'space') return null;
        if (b.type === 'paragraph' || (b.type === 'text' && 'tokens' in b && b.tokens)) return <p key={i}>{inline((b as Tokens.Paragraph).tokens, mentions, people)}</p>;
        // Headings, lists, quotes, code blocks, HTML: kept as typed, line breaks and all.
        return <p key={i} className="cad-comment__raw">{withMentions(b.raw.replace(/\n+$/, ''), mentions, people)}</p>;
      })}
    </div>
  );
}
