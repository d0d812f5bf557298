import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    // The server's order: newest first, the id breaking ties (the fixtures share one created_at).
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['E', 'D', 'C', 'B', 'A']);
  });

  it('should redraw the card a change reaches and keep the others, after a page was read', async () => {
    const { user } = renderWidget(<CampaignList />, { campaigns: list });
    const b = await screen.findByRole('article', { name: 'B' });
    await user.click(await within(b).findByRole('button', { name: 'Actions for B' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as Live' }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'B' })).getByText('Live')).toBeInTheDocument());
    expect(within(screen.getByRole('article', { name: 'A' })).getByText('Planning')).toBeInTheDocument();
    // Rows are memoised: the Edit button still opens this card's campaign.
    await user.click(within(screen.getByRole('article', { name: 'A' })).getByRole('button', { name: 'Edit A' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Campaign' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('A');
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
    client.control.failNext('campaigns.page');
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

describe('CampaignList with thousands of campaigns', () => {
  afterEach(() => vi.restoreAllMocks());
  /** n campaigns, one a minute: the first listed (newest) is 'Campaign n'. */
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => makeCampaign({ title: `Campaign ${i + 1}`, created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));
  const pageCalls = (client: ReturnType<typeof createMemoryClient>) => client.control.calls.filter((c) => c.op === 'campaigns.page');
  /** jsdom has no layout: put the list `y` px above the top of the viewport and report the scroll. */
  const scrollListTo = (y: number) => {
    const list = document.querySelector<HTMLElement>('.cad-virtual')!;
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: -y, bottom: 100_000 - y, left: 0, right: 800, width: 800, height: 100_000, x: 0, y: -y, toJSON: () => ({}) });
    fireEvent.scroll(window);
  };

  it('should read one page and draw only the cards on screen', async () => {
    const { client } = renderWidget(<CampaignList />, { campaigns: many(2000) });
    expect(await screen.findByRole('article', { name: 'Campaign 2000' })).toBeInTheDocument();
    expect(pageCalls(client)).toHaveLength(1);
    expect(pageCalls(client)[0]!.args[0]).toMatchObject({ limit: 30 });
    expect(client.control.calls.some((c) => c.op === 'campaigns.list')).toBe(false);
    // jsdom's 768 px viewport holds a few cards (one column without layout), plus a few beyond it.
    const drawn = screen.getAllByRole('article').length;
    expect(drawn).toBeGreaterThan(2);
    expect(drawn).toBeLessThan(12);
  });

  it('should read the next page as the end of the loaded cards comes into view, and draw the cards there', async () => {
    const { client } = renderWidget(<CampaignList />, { campaigns: many(2000) });
    await screen.findByRole('article', { name: 'Campaign 2000' });
    scrollListTo(236 * 27);
    await waitFor(() => expect(pageCalls(client)).toHaveLength(2));
    expect(pageCalls(client)[1]!.args[0]).toMatchObject({ limit: 30, cursor: expect.any(String) });
    expect(await screen.findByRole('article', { name: 'Campaign 1973' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Campaign 2000' })).not.toBeInTheDocument();
    scrollListTo(236 * 57);
    expect(await screen.findByRole('article', { name: 'Campaign 1943' })).toBeInTheDocument();
    await waitFor(() => expect(pageCalls(client)).toHaveLength(3));
  });

  it('should say it is loading more while the next page is on its way', async () => {
    const { client } = renderWidget(<CampaignList />, { campaigns: many(100), latencyMs: 30 });
    await screen.findByRole('article', { name: 'Campaign 100' });
    scrollListTo(236 * 27);
    expect(await screen.findByText('Loading more campaigns…')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.queryByText('Loading more campaigns…')).not.toBeInTheDocument());
    expect(pageCalls(client)).toHaveLength(2);
  });
});
