import { CadenceApiError } from '@cadence/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdManager } from '../ad-manager/AdManager';
import { CampaignDialog } from '../campaign-dialog/CampaignDialog';
import { makeCampaign } from '../testing/fixtures';
import { sampleWorkspace } from '../testing/fixtures-more';
import { openDialog, renderWidget } from '../testing/render';

/** The Add Publication dialog of the Ad Manager: a dialog on the form kit (Field + useFormSubmit). */
async function addPublication() {
  const rendered = renderWidget(<AdManager tab="publications" />, sampleWorkspace('2026-03-11'));
  await rendered.user.click(await screen.findByRole('button', { name: 'Add Publication' }));
  const dialog = await openDialog('Add Publication');
  return { ...rendered, d: within(dialog), save: () => within(dialog).getByRole('button', { name: 'Add Publication' }) };
}

describe('form kit', () => {
  it('should show a field error beside its field, describe and mark the field invalid, and focus it', async () => {
    const { user, d, save, client } = await addPublication();
    await user.click(save());
    const name = d.getByLabelText(/Publication Name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Publication name is required');
    // Beside the field: the message sits in the field's own wrapper, not in a banner.
    expect(within(name.closest('.cad-field') as HTMLElement).getByText('Publication name is required')).toBeInTheDocument();
    expect(name).toHaveFocus();
    // Marked required by the spec but not enforced: no error there.
    expect(d.getByLabelText(/Category/)).not.toHaveAttribute('aria-invalid');
    expect(client.control.calls.some((c) => c.op === 'publications.create')).toBe(false);
    await user.type(name, 'Tunnel Times');
    await user.click(save());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Publication' })).not.toBeInTheDocument());
  });

  it('should keep the form open after a failed save, with the toast, and enable the button again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, d, save, client, toasts } = await addPublication();
    await user.type(d.getByLabelText(/Publication Name/), 'Tunnel Times');
    client.control.setLatency(50);
    client.control.failNext('publications.create');
    await user.click(save());
    expect(save()).toBeDisabled();
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Failed to add publication', variant: 'destructive' }));
    await waitFor(() => expect(save()).toBeEnabled());
    expect(d.getByLabelText(/Publication Name/)).toHaveValue('Tunnel Times');
    client.control.setLatency(0);
    await user.click(save());
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Publication added successfully'));
  });

  it("should show the server's per-field errors beside their fields", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, d, save, client } = await addPublication();
    await user.type(d.getByLabelText(/Publication Name/), 'Tunnel Times');
    const rejected = new CadenceApiError(400, 'validation_failed', 'Invalid request', [{ path: 'region', message: 'Must be at most 300 characters' }]);
    client.control.failNext('publications.create', rejected);
    await user.click(save());
    await waitFor(() => expect(d.getByLabelText(/Region/)).toHaveAccessibleDescription('Must be at most 300 characters'));
    expect(save()).toBeEnabled();
  });

  it("should answer a channel campaign without a primary channel with core's message beside that field", async () => {
    const campaign = makeCampaign({ title: 'PR push', scope: 'channel', primary_channel: 'pr', channels: ['pr'] });
    const { user, client } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={campaign} />, { campaigns: [campaign] });
    const primary = await screen.findByLabelText(/Primary Channel/);
    await user.selectOptions(primary, '');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(primary).toHaveAccessibleDescription('A channel campaign needs a primary channel');
    expect(client.control.calls.some((c) => c.op === 'campaigns.update')).toBe(false);
  });
});
