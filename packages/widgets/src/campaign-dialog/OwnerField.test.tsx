import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { VIEWER_ID } from '../testing/fixtures-more';
import { DEFAULT_MEMORY_USER_ID, type createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { CampaignDialog } from './CampaignDialog';

// The owner field: free text with the install's users suggested by e-mail; a user's e-mail makes them the owner (owner_id).
const lastCall = (client: ReturnType<typeof createMemoryClient>, op: string) => client.control.calls.filter((c) => c.op === op).at(-1)?.args;
const dana = { id: VIEWER_ID, email: 'dana@cadence.demo', role: null };
async function ready() {
  const title = await screen.findByLabelText(/Campaign Title/);
  await waitFor(() => expect(title).toHaveFocus());
  return title;
}

describe('the campaign owner field', () => {
  it('should suggest the install’s users to an administrator and make a typed e-mail that user', async () => {
    const { user, client } = renderWidget(<CampaignDialog open onOpenChange={() => {}} />, { users: [dana] });
    await user.type(await ready(), 'Launch');
    const owner = screen.getByRole('combobox', { name: 'Campaign Owner' });
    const options = await waitFor(() => {
      const list = document.getElementById(owner.getAttribute('list')!)!;
      const values = [...list.querySelectorAll('option')].map((o) => o.getAttribute('value'));
      expect(values).toEqual(['admin@cadence.demo', 'dana@cadence.demo']);
      return values;
    });
    expect(options).toHaveLength(2);
    await user.type(owner, 'DANA@cadence.demo');
    expect(screen.getByText('A user of Cadence')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(lastCall(client, 'campaigns.create')?.[0]).toMatchObject({ owner: 'DANA@cadence.demo', owner_id: VIEWER_ID }));
  });

  it('should keep free text free, and clear the owning user when the text stops being theirs', async () => {
    const c = makeCampaign({ title: 'Owned', owner: 'dana@cadence.demo', owner_id: VIEWER_ID });
    const { user, client } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={c} />, { campaigns: [c], users: [dana] });
    await ready();
    const owner = screen.getByRole('combobox', { name: 'Campaign Owner' });
    await waitFor(() => expect(document.getElementById(owner.getAttribute('list')!)!.querySelectorAll('option')).toHaveLength(2));
    await user.clear(owner);
    await user.type(owner, 'An agency');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(lastCall(client, 'campaigns.update')?.[1]).toEqual({ owner: 'An agency', owner_id: null }));
    expect((await client.campaigns.get(c.id)).owner_id).toBeNull();
  });

  it('should offer someone who may not list users only themselves', async () => {
    renderWidget(<CampaignDialog open onOpenChange={() => {}} />, {
      users: [dana], user: { id: DEFAULT_MEMORY_USER_ID, email: 'me@cadence.demo', role: null, permissions: [{ permission_type: 'global_create', channel: null }, { permission_type: 'global_view', channel: null }] },
    });
    await ready();
    const owner = screen.getByRole('combobox', { name: 'Campaign Owner' });
    await waitFor(() => expect([...document.getElementById(owner.getAttribute('list')!)!.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(['me@cadence.demo']));
  });
});
