import { CadenceApiError, createHttpClient, type ShareLinkOpened } from '@cadence/core';

/** Where the stakeholder page stands (docs/adr/0061). */
export type SharedState =
  | { kind: 'opening' }
  | { kind: 'password'; wrong: boolean }
  | { kind: 'gone' }
  | { kind: 'failed'; message: string }
  | { kind: 'open'; opened: ShareLinkOpened };

/** The page's state after opening the link: the server's 401, 403 and 404 each have a page of their own. */
export async function openSharedLink(apiUrl: string, token: string, password?: string, renew = false): Promise<SharedState> {
  try {
    const opened = await createHttpClient({ apiUrl }).shareLinks.open(token, { ...(password ? { password } : {}), ...(renew ? { renew } : {}) });
    return { kind: 'open', opened };
  } catch (error) {
    if (error instanceof CadenceApiError) {
      if (error.status === 401) return { kind: 'password', wrong: false };
      if (error.status === 403 && error.code === 'wrong_password') return { kind: 'password', wrong: true };
      if (error.status === 404) return { kind: 'gone' };
      if (error.status === 429) return { kind: 'failed', message: error.message };
    }
    return { kind: 'failed', message: 'The page could not be opened. Check your connection and try again.' };
  }
}

/** Milliseconds until the page should open the link again for a fresh credential (a minute before it ends). */
export const renewInMs = (expiresAtSeconds: number, nowMs: number): number => Math.max(5_000, expiresAtSeconds * 1000 - nowMs - 60_000);
