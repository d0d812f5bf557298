const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = 'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #333;background:#1a1a1a;color:#fff;cursor:pointer}a{color:#0b57d0}';

/** The signed-out unsubscribe page (docs/adr/0060): confirm with a button, done, or a link that is not valid. */
export function unsubscribePage(p: { state: 'confirm' | 'done' | 'invalid'; site: string; kind?: string; action?: string }): string {
  const settings = `<p><a href="${escape(`${p.site}/settings/notifications`)}">All notification settings</a> (sign-in needed)</p>`;
  const body =
    p.state === 'invalid'
      ? '<h1>This link is not valid</h1><p>It may have expired. You can change what Cadence e-mails you in your settings.</p>'
      : p.state === 'done'
        ? `<h1>Unsubscribed</h1><p>Cadence will no longer e-mail you about “${escape(p.kind ?? '')}”. You will still see it in your inbox.</p>`
        : `<h1>Stop these e-mails?</h1><p>Cadence will stop e-mailing you about “${escape(p.kind ?? '')}”. You will still see it in your inbox.</p>` +
          `<form method="post" action="${escape(p.action ?? '')}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Cadence e-mail settings</title><style>${STYLE}</style></head><body>${body}${settings}</body></html>`;
}
