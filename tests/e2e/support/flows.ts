import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** YYYY-MM-DD of the browser's local today plus `days`. */
export const browserDay = (page: Page, days: number): Promise<string> =>
  page.evaluate((d) => {
    const t = new Date();
    t.setDate(t.getDate() + d);
    return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
  }, days);

/** Waits for a toast with this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator('.cad-toast').filter({ hasText: title });
  await toast.first().waitFor();
  if (description) await toast.filter({ hasText: description }).first().waitFor();
}

/** Closes the toast on screen, if any, so the next check sees a new one. */
export async function dismissToast(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  if (await close.count()) await close.click();
  await page.locator('.cad-toast').waitFor({ state: 'detached' });
}

export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expectToast(page, 'Account created!', 'Please check your email to verify your account.');
  await page.getByText(`Welcome back, ${email}`).waitFor();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await expectToast(page, 'Welcome back!', 'You have successfully signed in.');
  await page.getByText(`Welcome back, ${email}`).waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(/\/auth$/);
  await expectToast(page, 'Signed out');
}

const unfold = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The newest mail in the server's outbox (DATA_DIR/outbox/*.eml) to `to` that contains `needle`, waiting for it. */
export async function latestMail(dataDir: string, to: string, needle: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    } catch {
      // Not written yet.
    }
    const mails = files
      .map((f) => path.join(outbox, f))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
      .map((f) => unfold(readFileSync(f, 'utf8')))
      .filter((m) => m.toLowerCase().includes(to.toLowerCase()) && m.includes(needle));
    if (mails[0]) return mails[0];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a mail that contains `needle`, with quoted-printable soft breaks undone. */
export function linkIn(mail: string, needle: string): string {
  const text = unfold(mail);
  const link = text.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes(needle));
  if (!link) throw new Error(`no link with ${needle} in mail:\n${text}`);
  return link;
}
