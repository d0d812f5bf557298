import { campaignHref, describeNotification, digestSections, NOTIFICATION_KIND_LABELS, TAB_OF_KIND, type Notification } from '@cadence/core';
import type { MailMessage } from './mailer';

// Notification mail (docs/adr/0060): one message per immediate item, one digest a day. Every link
// starts from the site's configured URL (PUBLIC_URL), never a request's Host. Each message carries
// RFC 8058's one-click unsubscribe for its kind (a digest: for its first item's kind, and a link per kind in the body).

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type MailedItem = Pick<Notification, 'kind' | 'campaign_id' | 'data' | 'actor_email' | 'created_at'>;

/** Where an item's link goes: its campaign's dialog at the right tab, or the site when it has no campaign. */
export const itemLink = (site: string, n: Pick<Notification, 'kind' | 'campaign_id'>): string =>
  n.campaign_id ? `${site}${campaignHref(n.campaign_id, TAB_OF_KIND[n.kind])}` : `${site}/`;

export const unsubscribeLink = (site: string, token: string): string => `${site}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

const unsubscribeHeaders = (link: string): Record<string, string> => ({
  'List-Unsubscribe': `<${link}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const footer = (kindLabel: string) => `You receive this because of your Cadence notification settings (“${kindLabel}”).`;

/** One item at once. */
export function immediateMail(to: string, site: string, item: MailedItem, unsubscribeToken: string): MailMessage {
  const words = describeNotification(item);
  const link = itemLink(site, item);
  const unsubscribe = unsubscribeLink(site, unsubscribeToken);
  const label = NOTIFICATION_KIND_LABELS[item.kind];
  const subject = words.length > 120 ? `${words.slice(0, 119)}…` : words;
  return {
    to,
    subject,
    text: `${words}\n\nOpen it: ${link}\n\n${footer(label)}\nStop these e-mails: ${unsubscribe}\nAll settings: ${site}/settings/notifications\n`,
    html:
      `<p>${escape(words)}</p><p><a href="${escape(link)}">Open it in Cadence</a></p>` +
      `<p style="color:#666;font-size:12px">${escape(footer(label))} <a href="${escape(unsubscribe)}">Stop these e-mails</a> · ` +
      `<a href="${escape(`${site}/settings/notifications`)}">All settings</a></p>`,
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/**
 * The day's digest: items grouped per campaign, each in words with its link. `tokens` has an
 * unsubscribe token per kind present; the headers unsubscribe from the most frequent kind.
 */
export function digestMail(
  to: string,
  site: string,
  day: string,
  items: readonly MailedItem[],
  tokens: ReadonlyMap<string, string>,
): MailMessage {
  const sections = digestSections(items);
  const text: string[] = [`Your Cadence digest for ${day}: ${items.length} item${items.length === 1 ? '' : 's'}.`, ''];
  const html: string[] = [`<p>Your Cadence digest for ${escape(day)}: ${items.length} item${items.length === 1 ? '' : 's'}.</p>`];
  for (const section of sections) {
    const first = section.items[0]!;
    const title = first.data.campaign_title ?? 'Other';
    text.push(title, '-'.repeat(Math.min(title.length, 60)));
    html.push(`<h3>${escape(title)}</h3><ul>`);
    for (const item of section.items) {
      const words = describeNotification(item);
      const link = itemLink(site, item);
      text.push(`* ${words}`, `  ${link}`);
      html.push(`<li>${escape(words)} — <a href="${escape(link)}">open</a></li>`);
    }
    text.push('');
    html.push('</ul>');
  }
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
  const kinds = [...counts].sort((a, b) => b[1] - a[1]).map(([k]) => k as MailedItem['kind']);
  const stops = kinds.flatMap((k) => (tokens.get(k) ? [[k, unsubscribeLink(site, tokens.get(k)!)] as const] : []));
  text.push('These came to your digest because of your Cadence notification settings.');
  for (const [kind, link] of stops) text.push(`Stop “${NOTIFICATION_KIND_LABELS[kind]}”: ${link}`);
  text.push(`All settings: ${site}/settings/notifications`, '');
  html.push(
    `<p style="color:#666;font-size:12px">These came to your digest because of your Cadence notification settings. ` +
      stops.map(([kind, link]) => `<a href="${escape(link)}">Stop “${escape(NOTIFICATION_KIND_LABELS[kind])}”</a>`).join(' · ') +
      ` · <a href="${escape(`${site}/settings/notifications`)}">All settings</a></p>`,
  );
  return {
    to,
    subject: `Your Cadence digest: ${items.length} item${items.length === 1 ? '' : 's'} (${day})`,
    text: text.join('\n'),
    html: html.join(''),
    ...(stops[0] ? { headers: unsubscribeHeaders(stops[0][1]) } : {}),
  };
}
