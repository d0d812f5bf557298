// Pragmatic, not RFC 5322: what people paste into a contacts box ('Name <a@b.com>; c@d.org').
const EMAIL = /[a-z0-9_%+-](?:[a-z0-9._%+-]*[a-z0-9_%+-])?@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}/gi;

/** Unique addresses in order of appearance; duplicates differing only in case keep the first spelling. */
export function extractEmails(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const match of (text ?? '').matchAll(EMAIL)) {
    const key = match[0].toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    emails.push(match[0]);
  }
  return emails;
}
