import type { Webhook, WebhookDelivery } from '@cadence/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render';
import { WebhooksPanel } from './WebhooksPanel';

const HOOK: Webhook = {
  id: '00000000-0000-4000-8000-00000000b101', url: 'https://hooks.example.invalid/cadence', description: 'Ops chat', events: ['campaign.created', 'campaign.moved'], format: 'json', active: true,
  created_by: null, created_at: '2026-03-01T09:00:00.000Z', updated_at: '2026-03-01T09:00:00.000Z', last_delivery: null,
};
const FAILED: WebhookDelivery = {
  id: '00000000-0000-4000-8000-00000000b201', webhook_id: HOOK.id, event_id: '00000000-0000-4000-8000-00000000b301', event_type: 'campaign.created', status: 'failed', attempts: 7,
  next_attempt_at: null, status_code: null, error: 'getaddrinfo ENOTFOUND hooks.example.invalid', response_body: null, response_ms: null, created_at: '2026-03-10T08:00:00.000Z', delivered_at: null,
  payload: { id: '00000000-0000-4000-8000-00000000b301', type: 'campaign.created' },
};

describe('WebhooksPanel', () => {
  it('should list endpoints with their events and last delivery, and open the log with Redeliver', async () => {
    const { user, client, toasts } = renderWidget(<WebhooksPanel />, { webhooks: [HOOK], webhookDeliveries: [FAILED] });
    const row = within(await screen.findByRole('list', { name: 'Webhooks' })).getAllByRole('listitem')[0]!;
    expect(row.textContent).toMatch(/hooks\.example\.invalid\/cadence.*Ops chat.*campaign\.created, campaign\.moved · JSON.*Last delivery: Failed/);
    await user.click(within(row).getByRole('button', { name: `Deliveries of ${HOOK.url}` }));
    const log = await screen.findByRole('list', { name: `Deliveries of ${HOOK.url}` });
    expect(log.textContent).toMatch(/campaign\.created.*Failed.*7 attempts.*ENOTFOUND/);
    await user.click(within(log).getByRole('button', { name: /^Redeliver campaign\.created/ }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Delivery queued again'));
    expect(client.control.calls.some((c) => c.op === 'webhooks.redeliver')).toBe(true);
  });

  it('should add an endpoint with grouped events and show its secret once, with a copy button', async () => {
    const { user, toasts } = renderWidget(<WebhooksPanel />);
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    expect(within(dialog).getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(['Events', 'Campaigns', 'Tasks', 'Reviews', 'Comments']);
    await user.type(within(dialog).getByLabelText(/^URL/), 'https://hooks.example.com/cadence');
    await user.click(within(dialog).getByRole('checkbox', { name: 'campaign.moved' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'task.done' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    const secret = (within(shown).getByLabelText('Secret') as HTMLInputElement).value;
    expect(secret).toMatch(/^whsec_/);
    await user.click(within(shown).getByRole('button', { name: 'Copy secret' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(toasts.map((t) => t.title)).toContain('Secret copied');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    const row = within(await screen.findByRole('list', { name: 'Webhooks' })).getAllByRole('listitem')[0]!;
    expect(row.textContent).toContain('campaign.moved, task.done');
    expect(document.body.textContent).not.toContain(secret);
  });

  it("should show the server's refusal on the URL, and ask for an event", async () => {
    const { user } = renderWidget(<WebhooksPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^URL/), 'http://hooks.example.com/x');
    await user.click(within(dialog).getByRole('checkbox', { name: /Every event/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'task.done' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText(/Must be an https:\/\/ address/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^URL/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('should send a test event, and delete after confirmation', async () => {
    const { user, toasts } = renderWidget(<WebhooksPanel />, { webhooks: [{ ...HOOK, url: 'https://hooks.example.com/ok' }] });
    await user.click(await screen.findByRole('button', { name: 'Test https://hooks.example.com/ok' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Test event sent'));
    await user.click(screen.getByRole('button', { name: 'Deliveries of https://hooks.example.com/ok' }));
    expect((await screen.findByRole('list', { name: 'Deliveries of https://hooks.example.com/ok' })).textContent).toMatch(/ping.*Delivered.*HTTP 200/);
    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/ok' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete webhook' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it('should show nothing to someone who is not an administrator', async () => {
    const { container } = renderWidget(<WebhooksPanel />, { user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }] } });
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('section')).toBeNull();
  });
});
