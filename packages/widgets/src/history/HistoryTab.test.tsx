import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CampaignDialog } from '../campaign-dialog/CampaignDialog';
import { makeCampaign } from '../testing/fixtures';
import { createMemoryClient, type MemoryClient, type MemoryUser } from '../testing/memory-client';
import { renderWidget } from '../testing/render';

const at = () => new Date(2026, 2, 11, 10, 0);
const seeded = (user?: MemoryUser) => {
  const row = makeCampaign({ title: 'Spring Launch', planning_start_date: '2026-03-02', live_date: '2026-03-20' });
  const client = createMemoryClient({ campaigns: [row], now: at, ...(user ? { user } : {}) });
  return { client, row };
};
/** Edits as the signed-in user would through the API, then opens the dialog on the stored row. */
async function editThenOpen(client: MemoryClient, id: string) {
  await client.campaigns.update(id, { title: 'Summer Launch', live_date: '2026-03-27' }, { version: 1 });
  const current = client.control.campaigns().find((c) => c.id === id)!;
  const r = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={current} />, { client, at });
  await r.user.click(await screen.findByRole('tab', { name: 'History' }));
  return r;
}

describe('History tab of the campaign dialog', () => {
  it('should list each change as a sentence with the actor’s e-mail and the dialog’s field labels', async () => {
    const { client, row } = seeded();
    await editThenOpen(client, row.id);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('admin@cadence.demo changed Campaign Title Spring Launch → Summer Launch; Live Date Mar 20, 2026 → Mar 27, 2026, less than a minute ago');
  });

  it("should give each entry's time its local date and time as a tooltip", async () => {
    const { client, row } = seeded();
    await editThenOpen(client, row.id);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(within(list).getByText('less than a minute ago')).toHaveAttribute('title', 'Mar 11, 2026, 10:00:00 AM');
  });

  it('should not offer the tab when creating a campaign', async () => {
    renderWidget(<CampaignDialog open onOpenChange={() => {}} />, { at });
    await screen.findByRole('dialog', { name: 'Create New Campaign' });
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
  });

  it('should say so when nothing was recorded', async () => {
    const { client, row } = seeded();
    const { user } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={row} />, { client, at });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
  });

  it('should show a failure with a retry that loads the entries', async () => {
    const { client, row } = seeded();
    await client.campaigns.update(row.id, { title: 'Again' }, { version: 1 });
    client.control.failAlways('history.forRow');
    const { user } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={row} />, { client, at });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Could not load the history.')).toBeInTheDocument();
    client.control.clearFailures();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/changed Campaign Title Spring Launch → Again/)).toBeInTheDocument();
  });

  it('should revert a change with If-Match, refill the form and log the revert', async () => {
    const { client, row } = seeded();
    const { user, toasts } = await editThenOpen(client, row.id);
    const revert = await screen.findByRole('button', { name: 'Revert' });
    expect(revert).toHaveAccessibleDescription('Puts back Campaign Title Spring Launch, Live Date Mar 20, 2026');
    await user.click(revert);
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Change reverted' }));
    const call = client.control.calls.filter((c) => c.op === 'history.revert').at(-1)!;
    expect(call.args[1]).toEqual({ version: 2 });
    expect(client.control.campaigns()[0]).toMatchObject({ title: 'Spring Launch', live_date: '2026-03-20', version: 3 });
    expect(await screen.findByText(/reverted Campaign Title Summer Launch → Spring Launch/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByLabelText(/Campaign Title/)).toHaveValue('Spring Launch');
    expect(screen.getByLabelText(/Live Date/)).toHaveValue('2026-03-20');
  });

  it('should refuse a revert that would overwrite a later change and name the fields', async () => {
    const { client, row } = seeded();
    await client.campaigns.update(row.id, { live_date: '2026-03-27' }, { version: 1 });
    client.control.editAsSomeoneElse(row.id, { live_date: '2026-04-03' }, 'bo@example.com');
    const current = client.control.campaigns()[0]!;
    const { user, toasts } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={current} />, { client, at });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('bo@example.com changed Live Date Mar 27, 2026 → Apr 03, 2026');
    await user.click(within(items[1]!).getByRole('button', { name: 'Revert' }));
    expect(await within(items[1]!).findByRole('alert')).toHaveTextContent('Changed again since: live_date');
    expect(toasts.at(-1)).toMatchObject({ title: 'Could not revert', variant: 'destructive' });
    expect(client.control.campaigns()[0]).toMatchObject({ live_date: '2026-04-03' });
  });

  it('should offer no Revert to someone who may not update the campaign', async () => {
    const { client, row } = seeded({ role: null, permissions: [] });
    client.control.editAsSomeoneElse(row.id, { title: 'Other' });
    const { user } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={row} />, { client, at });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByText(/changed Campaign Title Spring Launch → Other/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revert' })).not.toBeInTheDocument();
  });

  it('should load older entries a page at a time', async () => {
    const { client, row } = seeded();
    for (let i = 1; i <= 30; i++) client.control.editAsSomeoneElse(row.id, { title: `Title ${i}` });
    const { user } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={row} />, { client, at });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(list.firstElementChild).toHaveTextContent('Title 29 → Title 30');
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    expect(list.lastElementChild).toHaveTextContent('Spring Launch → Title 1');
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
  });

  it('should keep unsaved edits of the form while History is open', async () => {
    const { client, row } = seeded();
    const { user } = renderWidget(<CampaignDialog open onOpenChange={() => {}} campaign={row} />, { client, at });
    const title = await screen.findByLabelText(/Campaign Title/);
    await user.clear(title);
    await user.type(title, 'Draft');
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByLabelText(/Campaign Title/)).toHaveValue('Draft');
  });
});

describe('History tab of the other edit dialogs', () => {
  it('should ask for the idea’s own history and start in the title field', async () => {
    const { IdeaDialog } = await import('../ideas/IdeaDialog');
    const idea = { id: '00000000-0000-4000-8000-0000000000f1', title: 'Podcast', description: null, version: 1, created_at: '2026-03-01T09:00:00Z', updated_at: '2026-03-01T09:00:00Z', created_by: null };
    const { user, client } = renderWidget(<IdeaDialog open idea={idea as never} onOpenChange={() => {}} onSave={async () => {}} />, { at });
    await waitFor(() => expect(screen.getByLabelText('Title *')).toHaveFocus());
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
    expect(client.control.calls.find((c) => c.op === 'history.forRow')?.args.slice(0, 2)).toEqual(['ideas', idea.id]);
  });
});
