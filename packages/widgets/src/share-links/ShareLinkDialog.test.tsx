import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { createMemoryClient } from '../testing/memory-client';
import { openDialog, renderWidget } from '../testing/render';
import { ShareLinkDialog } from './ShareLinkDialog';
import { linkSummary, toggleField } from './share-link-rules';

const at = () => new Date(2026, 2, 11, 10, 0);

async function setUp() {
  const client = createMemoryClient({ now: at });
  const view = await client.views.create({ name: 'Live email', query: 'channel=email&status=live', shared: true });
  const r = renderWidget(<ShareLinkDialog open onClose={() => {}} view={view} origin="https://cadence.example" />, { client, at });
  const dialog = await openDialog('Share link');
  return { ...r, view, dialog };
}

async function serious(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

describe('ShareLinkDialog', () => {
  it('should start a month ahead with briefs and owners unticked, and pass axe', async () => {
    const { dialog } = await setUp();
    const expiry = within(dialog).getByLabelText(/Expires on/) as HTMLInputElement;
    expect(expiry.value).toBe('2026-04-10');
    expect(expiry.min).toBe('2026-03-12');
    expect((within(dialog).getByLabelText('Creative brief') as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByLabelText('Owners and team') as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByLabelText('Description') as HTMLInputElement).checked).toBe(true);
    await within(dialog).findByText('No open links.');
    expect(await serious()).toEqual([]);
  });

  it('should make a link with a password and the ticked fields, show it once with Copy, and list it', async () => {
    const { dialog, user, client, view } = await setUp();
    await user.type(within(dialog).getByLabelText(/Password/), 'for the board');
    await user.click(within(dialog).getByLabelText('Creative brief'));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const url = (await within(dialog).findByLabelText('New share link')) as HTMLInputElement;
    expect(url.value).toMatch(/^https:\/\/cadence\.example\/shared\/cad_link_/);
    expect(within(dialog).getByRole('button', { name: 'Copy share link' })).toBeTruthy();
    const [link] = await client.shareLinks.forView(view.id);
    expect(link).toMatchObject({ has_password: true, expires_on: '2026-04-10', fields: ['description', 'details', 'brief', 'tasks', 'approvals'] });
    await within(dialog).findByText(/0 visits · expires 2026-04-10 · password/);
    expect(await serious()).toEqual([]);
  });

  it('should name a past expiry on its field and make nothing', async () => {
    const { dialog, user, client, view } = await setUp();
    fireEvent.change(within(dialog).getByLabelText(/Expires on/), { target: { value: '2026-03-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('The expiry date must not be in the past')).toBeTruthy();
    expect(await client.shareLinks.forView(view.id, { all: true })).toEqual([]);
  });

  it('should revoke a link only after asking', async () => {
    const { dialog, user, client, view } = await setUp();
    await client.shareLinks.create(view.id, { expires_on: '2026-05-01' });
    // Reopened lists it: the dialog loaded before it was made, so make another through the form.
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Revoke link/ })).toHaveLength(2));
    await user.click(within(dialog).getAllByRole('button', { name: /^Revoke link/ })[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke now' }));
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Revoke link/ })).toHaveLength(1));
    expect((await client.shareLinks.forView(view.id, { all: true })).filter((l) => l.revoked_at)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Revoke now' })).toBeNull();
  });
});

describe('share link rules', () => {
  it('should keep the fields in their usual order and say a link in one line', () => {
    expect(toggleField(['tasks', 'description'], 'brief')).toEqual(['description', 'brief', 'tasks']);
    expect(toggleField(['description', 'brief'], 'brief')).toEqual(['description']);
    expect(linkSummary({ visits: 1, expires_on: '2026-04-10', has_password: false })).toBe('1 visit · expires 2026-04-10');
  });
});
