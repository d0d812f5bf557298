import type { Campaign, CampaignListQuery, RowChange } from '@cadence/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { fakeRealtime } from '../testing/fake-realtime';
import { createMemoryClient, type MemoryClient } from '../testing/memory-client';
import { CadenceProvider } from './CadenceProvider';
import { useCampaignActions } from './campaign-actions';
import { useCampaignPages } from './campaign-pages';
import { useCampaigns } from './campaign-queries';

const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const APRIL = { from: '2026-04-01', to: '2026-04-30' };
const inMarch = { planning_start_date: '2026-03-02', live_date: '2026-03-10', end_date: '2026-03-20' };
const inApril = { planning_start_date: '2026-04-02', live_date: '2026-04-10', end_date: '2026-04-20' };

/** A realtime feed the test drives, of campaign changes as core's client delivers them. */
function fakeFeed() {
  const feed = fakeRealtime();
  const send = (change: RowChange<'campaigns'>) => act(() => feed.send(change));
  return {
    realtime: feed.realtime,
    insert: (row: Campaign) => send({ topic: 'campaigns', op: 'insert', row }),
    update: (row: Campaign) => send({ topic: 'campaigns', op: 'update', row }),
    remove: (id: string) => send({ topic: 'campaigns', op: 'delete', id }),
    resync: () => act(() => feed.resync()),
  };
}

function Titles({ label, query }: { label: string; query: CampaignListQuery }) {
  const { data } = useCampaigns(query);
  return <ul aria-label={label}>{data?.map((c) => <li key={c.id}>{c.title}</li>)}</ul>;
}

const titles = (label: string) => within(screen.getByRole('list', { name: label })).queryAllByRole('listitem').map((li) => li.textContent);
const listCalls = (client: MemoryClient) => client.control.calls.filter((c) => c.op === 'campaigns.list');

/** March, April, the social channel and the channel-only campaigns, each shown and loaded. */
async function dashboard(seed: Campaign[], extra?: React.ReactNode) {
  const client = createMemoryClient({ campaigns: seed });
  const feed = fakeFeed();
  const view = render(
    <CadenceProvider client={client} realtime={feed.realtime}>
      <Titles label="March" query={MARCH} />
      <Titles label="April" query={APRIL} />
      <Titles label="Social" query={{ channel: 'social' }} />
      <Titles label="Channel only" query={{ scope: 'channel' }} />
      {extra}
    </CadenceProvider>,
  );
  await waitFor(() => expect(listCalls(client).length).toBeGreaterThanOrEqual(4));
  await waitFor(() => expect(screen.getByRole('list', { name: 'March' })).not.toBeEmptyDOMElement());
  const loaded = listCalls(client).length;
  return { client, feed, view, requestsSinceLoad: () => listCalls(client).length - loaded };
}

const stored = (client: MemoryClient, title: string) => client.control.campaigns().find((c) => c.title === title)!;

describe('realtime campaign changes applied in place', () => {
  it('should put another user\'s new campaign in the windows it touches, newest first, with no request', async () => {
    const { client, feed, requestsSinceLoad } = await dashboard([makeCampaign({ title: 'Old', ...inMarch })]);
    const row = await client.campaigns.create({ title: 'New', ...inMarch, channels: ['social'] });
    feed.insert(row);
    expect(titles('March')).toEqual(['New', 'Old']);
    expect(titles('Social')).toEqual(['New']);
    expect(titles('April')).toEqual([]);
    expect(titles('Channel only')).toEqual([]);
    expect(requestsSinceLoad()).toBe(0);
  });

  it('should ignore an insert outside every cached window', async () => {
    const { client, feed, requestsSinceLoad } = await dashboard([makeCampaign({ title: 'Old', ...inMarch })]);
    const row = await client.campaigns.create({ title: 'May', planning_start_date: '2026-05-02', live_date: '2026-05-03', end_date: '2026-05-04' });
    feed.insert(row);
    expect(titles('March')).toEqual(['Old']);
    expect(titles('April')).toEqual([]);
    expect(requestsSinceLoad()).toBe(0);
  });

  it('should move an updated campaign from the window it left to the one it entered', async () => {
    const { client, feed, requestsSinceLoad } = await dashboard([makeCampaign({ title: 'Moving', ...inMarch }), makeCampaign({ title: 'Staying', ...inMarch })]);
    const moved = await client.campaigns.update(stored(client, 'Moving').id, inApril, { version: 1 });
    feed.update(moved);
    expect(titles('March')).toEqual(['Staying']);
    expect(titles('April')).toEqual(['Moving']);
    expect(requestsSinceLoad()).toBe(0);
  });

  it('should follow a change of channel and of scope', async () => {
    const channelOnly = makeCampaign({ title: 'Email only', ...inMarch, scope: 'channel', primary_channel: 'email', channels: ['email'] });
    const { client, feed, requestsSinceLoad } = await dashboard([channelOnly, makeCampaign({ title: 'Plain', ...inMarch })]);
    expect(titles('Channel only')).toEqual(['Email only']);
    feed.update(await client.campaigns.update(stored(client, 'Plain').id, { channels: ['email', 'social'] }, { version: 1 }));
    expect(titles('Social')).toEqual(['Plain']);
    feed.update(await client.campaigns.promote(channelOnly.id, { version: 1 }));
    expect(titles('Channel only')).toEqual([]);
    expect(titles('March')).toEqual(['Email only', 'Plain']);
    feed.update(await client.campaigns.update(stored(client, 'Plain').id, { channels: ['email'] }, { version: 2 }));
    expect(titles('Social')).toEqual([]);
    expect(requestsSinceLoad()).toBe(0);
  });

  it('should keep a filtered view to the campaigns that pass its filters, with no request (docs/adr/0029)', async () => {
    const filtered = { ...MARCH, channel: ['email', 'social'], status: 'live', q: 'launch' } as const;
    const { client, feed, requestsSinceLoad } = await dashboard([makeCampaign({ title: 'Spring launch', status: 'live', channels: ['email'], ...inMarch })], <Titles label="Filtered" query={filtered} />);
    await waitFor(() => expect(titles('Filtered')).toEqual(['Spring launch']));
    const base = requestsSinceLoad();
    const other = await client.campaigns.create({ title: 'Autumn launch', status: 'live', ...inMarch, channels: ['paid'] });
    feed.insert(other);
    const match = await client.campaigns.create({ title: 'Launch party', status: 'live', ...inMarch, channels: ['social'] });
    feed.insert(match);
    expect(titles('Filtered')).toEqual(['Launch party', 'Spring launch']);
    // A change that no longer passes (planning again) leaves the view; the March window keeps it.
    feed.update({ ...match, status: 'planning', version: match.version + 1 });
    expect(titles('Filtered')).toEqual(['Spring launch']);
    expect(titles('March')).toContain('Launch party');
    expect(requestsSinceLoad()).toBe(base);
  });

  it('should remove a deleted campaign from every window', async () => {
    const long = makeCampaign({ title: 'Long', planning_start_date: '2026-03-02', live_date: '2026-03-10', end_date: '2026-04-20' });
    const { client, feed, requestsSinceLoad } = await dashboard([long, makeCampaign({ title: 'Short', ...inMarch })]);
    expect(titles('April')).toEqual(['Long']);
    await client.campaigns.remove(long.id, { version: 1 });
    feed.remove(long.id);
    expect(titles('March')).toEqual(['Short']);
    expect(titles('April')).toEqual([]);
    expect(requestsSinceLoad()).toBe(0);
  });

  it('should refetch on a resync only the lists on screen, and the others when shown again', async () => {
    const client = createMemoryClient({ campaigns: [makeCampaign({ title: 'Old', ...inMarch })] });
    const feed = fakeFeed();
    const app = (showApril: boolean) => (
      <CadenceProvider client={client} realtime={feed.realtime}>
        <Titles label="March" query={MARCH} />
        {showApril && <Titles label="April" query={APRIL} />}
      </CadenceProvider>
    );
    const { rerender } = render(app(true));
    await waitFor(() => expect(titles('March')).toEqual(['Old']));
    rerender(app(false));
    await client.campaigns.create({ title: 'Imported', ...inApril });
    const before = listCalls(client).length;
    feed.resync();
    await waitFor(() => expect(listCalls(client).length).toBe(before + 1));
    expect(listCalls(client).at(-1)!.args).toEqual([MARCH]);
    rerender(app(true));
    await waitFor(() => expect(titles('April')).toEqual(['Imported']));
    expect(listCalls(client).slice(before).map((c) => c.args[0])).toEqual([MARCH, APRIL]);
  });

  it('should not apply the echo of one\'s own write a second time, and take a newer version from someone else', async () => {
    let actions!: ReturnType<typeof useCampaignActions>;
    function Grab() {
      actions = useCampaignActions();
      return null;
    }
    const { client, feed, requestsSinceLoad } = await dashboard([makeCampaign({ title: 'Old', ...inMarch })], <Grab />);
    const created = await act(() => actions.create({ title: 'Mine', ...inMarch }));
    expect(titles('March')).toEqual(['Mine', 'Old']);
    feed.insert(created);
    expect(titles('March')).toEqual(['Mine', 'Old']);

    // The echo can also come before the write's own answer.
    client.control.setLatency(30);
    const saving = act(() => actions.update(created, { title: 'Mine, renamed' }));
    feed.update({ ...created, title: 'Mine, renamed', version: 2 });
    await saving;
    expect(titles('March')).toEqual(['Mine, renamed', 'Old']);
    feed.update({ ...created, title: 'Mine', version: 1 });
    expect(titles('March')).toEqual(['Mine, renamed', 'Old']);
    feed.update({ ...created, title: 'Theirs now', version: 3 });
    expect(titles('March')).toEqual(['Theirs now', 'Old']);
    expect(requestsSinceLoad()).toBe(0);
  });
});

describe('realtime campaign changes in lists read a page at a time', () => {
  /** The first `pageSize` rows of the email channel, and a button that reads the next page. */
  function EmailPages({ pageSize }: { pageSize: number }) {
    const pages = useCampaignPages({ channel: 'email' }, pageSize);
    return (
      <>
        <ul aria-label="Email">{pages.items.map((c) => <li key={c.id}>{c.title}</li>)}</ul>
        <button type="button" onClick={pages.loadMore}>more</button>
      </>
    );
  }
  const minute = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
  const pageCalls = (client: MemoryClient) => client.control.calls.filter((c) => c.op === 'campaigns.page');

  async function loadedPages(seed: Campaign[], pageSize: number) {
    const client = createMemoryClient({ campaigns: seed });
    const feed = fakeFeed();
    render(
      <CadenceProvider client={client} realtime={feed.realtime}>
        <EmailPages pageSize={pageSize} />
      </CadenceProvider>,
    );
    await waitFor(() => expect(titles('Email')).toHaveLength(Math.min(pageSize, seed.length)));
    const reads = () => client.control.calls.filter((c) => ['campaigns.page', 'campaigns.list'].includes(c.op)).length;
    const loaded = reads();
    return { client, feed, requestsSinceLoad: () => reads() - loaded };
  }

  const five = () => [1, 2, 3, 4, 5].map((m) => makeCampaign({ title: `E${m}`, channels: ['email'], created_at: minute(m) }));

  it('should put another user\'s new campaign at the top of the loaded page, with no request', async () => {
    const { client, feed, requestsSinceLoad } = await loadedPages(five(), 3);
    expect(titles('Email')).toEqual(['E5', 'E4', 'E3']);
    feed.insert(await client.campaigns.create({ title: 'New', ...inMarch, channels: ['email'] }));
    expect(titles('Email')).toEqual(['New', 'E5', 'E4', 'E3']);
    feed.insert(await client.campaigns.create({ title: 'Social', ...inMarch, channels: ['social'] }));
    expect(titles('Email')).toEqual(['New', 'E5', 'E4', 'E3']);
    expect(requestsSinceLoad()).toBe(0);
  });

  it('should drop a deleted row, leave a change past the loaded pages to its page, and read on from the same place', async () => {
    const seed = five();
    const { client, feed, requestsSinceLoad } = await loadedPages(seed, 3);
    await client.campaigns.remove(seed[3]!.id, { version: 1 });
    feed.remove(seed[3]!.id);
    expect(titles('Email')).toEqual(['E5', 'E3']);
    const renamed = await client.campaigns.update(seed[0]!.id, { title: 'E1 renamed' }, { version: 1 });
    feed.update(renamed);
    expect(titles('Email')).toEqual(['E5', 'E3']);
    expect(requestsSinceLoad()).toBe(0);
    await act(async () => screen.getByRole('button', { name: 'more' }).click());
    await waitFor(() => expect(titles('Email')).toEqual(['E5', 'E3', 'E2', 'E1 renamed']));
  });

  it('should reload as many rows as were loaded, in one request, on a resync', async () => {
    const { client, feed } = await loadedPages(five(), 2);
    await act(async () => screen.getByRole('button', { name: 'more' }).click());
    await waitFor(() => expect(titles('Email')).toEqual(['E5', 'E4', 'E3', 'E2']));
    const before = pageCalls(client).length;
    feed.resync();
    await waitFor(() => expect(pageCalls(client).length).toBe(before + 1));
    expect(pageCalls(client).at(-1)!.args[0]).toEqual({ channel: 'email', limit: 4 });
    expect(titles('Email')).toEqual(['E5', 'E4', 'E3', 'E2']);
  });
});

