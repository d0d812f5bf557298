import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { CampaignList } from './CampaignList';
import { StatCards } from './StatCards';

const list = [
  makeCampaign({ title: 'A', status: 'planning' }),
  makeCampaign({ title: 'B', status: 'planning' }),
  makeCampaign({ title: 'C', status: 'live' }),
  makeCampaign({ title: 'D', status: 'in-progress' }),
  makeCampaign({ title: 'E', status: 'completed' }),
];

describe('CampaignList', () => {
  it('should show a skeleton of four placeholders while loading', async () => {
    renderWidget(<CampaignList />, { latencyMs: 50 });
    expect(screen.getByRole('status', { name: 'Loading campaigns' })).toBeInTheDocument();
    expect(screen.getAllByTestId('campaign-skeleton')).toHaveLength(4);
    expect(await screen.findByText('No campaigns found')).toBeInTheDocument();
  });

  it('should offer Create Your First Campaign when empty and open the create dialog', async () => {
    const { user } = renderWidget(<CampaignList />);
    await user.click(await screen.findByRole('button', { name: 'Create Your First Campaign' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Campaign' })).toBeInTheDocument();
  });

  it('should not offer creation to a read-only user', async () => {
    renderWidget(<CampaignList />, { user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }] } });
    expect(await screen.findByText('No campaigns found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create Your First Campaign' })).not.toBeInTheDocument());
  });

  it('should show cards with the stored status and their actions', async () => {
    renderWidget(<CampaignList />, { campaigns: list });
    const card = await screen.findByRole('article', { name: 'C' });
    expect(within(card).getByText('Live')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Actions for C' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('should offer Edit only where the server would let the change through', async () => {
    // A global creator who may see the email channel: global campaigns are theirs to edit,
    // a channel campaign of email needs channel_create(email) (docs/architecture.md#rules), so no Edit there.
    const campaigns = [
      makeCampaign({ title: 'Global', scope: 'global', primary_channel: null, channels: ['email'] }),
      makeCampaign({ title: 'Email only', scope: 'channel', primary_channel: 'email', channels: ['email'] }),
    ];
    const permissions = [{ permission_type: 'global_create' as const, channel: null }, { permission_type: 'channel_view' as const, channel: 'email' as const }];
    renderWidget(<CampaignList />, { campaigns, user: { role: null, permissions } });
    expect(await within(await screen.findByRole('article', { name: 'Global' })).findByRole('button', { name: 'Edit Global' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Email only' })).queryByRole('button', { name: 'Edit Email only' })).not.toBeInTheDocument();
  });

  it('should show the error state and recover on retry', async () => {
    const client = createMemoryClient({ campaigns: list });
    client.control.failNext('campaigns.list');
    const { user, toasts } = renderWidget(<CampaignList />, { client });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'A' })).toBeInTheDocument();
    expect(toasts[0]).toMatchObject({ title: 'Error loading campaigns', variant: 'destructive' });
  });
});

describe('StatCards', () => {
  it('should count Total Campaigns, In Planning, Live Campaigns and In Progress', async () => {
    renderWidget(<StatCards />, { campaigns: list });
    const value = (label: string) => screen.getByText(label).nextElementSibling;
    await waitFor(() => expect(value('Total Campaigns')).toHaveTextContent('5'));
    expect(value('In Planning')).toHaveTextContent('2');
    expect(value('Live Campaigns')).toHaveTextContent('1');
    expect(value('In Progress')).toHaveTextContent('1');
  });

  it('should ask the server for the counts, never for the whole list, and count again after a change', async () => {
    const { client, user } = renderWidget(
      <>
        <StatCards />
        <CampaignList />
      </>,
      { campaigns: list },
    );
    const value = (label: string) => screen.getByText(label).nextElementSibling;
    await waitFor(() => expect(value('Total Campaigns')).toHaveTextContent('5'));
    expect(client.control.calls.filter((c) => c.op === 'campaigns.stats')).toHaveLength(1);
    const lists = client.control.calls.filter((c) => c.op === 'campaigns.list').length;
    const first = (await screen.findAllByRole('button', { name: /^Actions for / }))[0]!;
    await user.click(first);
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as Live' }));
    await waitFor(() => expect(client.control.calls.filter((c) => c.op === 'campaigns.stats')).toHaveLength(2));
    expect(client.control.calls.filter((c) => c.op === 'campaigns.list')).toHaveLength(lists);
  });
});
