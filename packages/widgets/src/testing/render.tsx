import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { CadenceProvider } from '../provider/CadenceProvider';
import type { Toast } from '../provider/toast';
import { createMemoryClient, type MemoryClient, type MemoryClientOptions } from './memory-client';

export interface RenderWidgetOptions extends MemoryClientOptions {
  client?: MemoryClient;
  /** Local wall-clock time of "now"; built inside the test so TZ applies. Default 2026-03-11 10:00. */
  at?: () => Date;
}

export interface RenderWidgetResult extends RenderResult {
  user: UserEvent;
  client: MemoryClient;
  toasts: Toast[];
}

/** Renders `ui` inside a provider with an in-memory client and a fixed clock (test helper). */
export function renderWidget(ui: ReactElement, options: RenderWidgetOptions = {}): RenderWidgetResult {
  const fixed = (options.at ?? (() => new Date(2026, 2, 11, 10, 0)))();
  const now = () => fixed;
  const client = options.client ?? createMemoryClient({ now, ...options });
  const toasts: Toast[] = [];
  const user = userEvent.setup({ delay: null });
  const result = render(
    <CadenceProvider client={client} now={now} onToast={(t) => toasts.push(t)}>
      {ui}
    </CadenceProvider>,
  );
  return { ...result, user, client, toasts };
}

/**
 * The open dialog once its initial focus has landed: typing before that can lose keys to the
 * field the focus manager moves to (a flake on busy machines).
 */
export async function openDialog(name?: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', name ? { name } : {});
  await waitFor(() => {
    if (!dialog.contains(document.activeElement)) throw new Error('The dialog has not taken focus yet');
  });
  return dialog;
}
