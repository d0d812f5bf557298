import { CHANNEL_VALUES } from '@cadence/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar } from '../calendar/Calendar';
import { StatCards } from '../list/StatCards';
import { makeCampaign } from '../testing/fixtures';
import { createMemoryClient } from '../testing/memory-client';
import { IdeasBoard } from '../ideas/IdeasBoard';
import { makeIdea } from '../testing/fixtures-more';
import { fakeRealtime } from '../testing/fake-realtime';
import { CadenceProvider } from './CadenceProvider';
import { httpUploader } from './upload';
import { useCadence } from './context';
import { useSession } from './session';

function ToastButton({ title }: { title: string }) {
  const { toast } = useCadence();
  return <button type="button" onClick={() => toast({ title, description: 'Details' })}>{title}</button>;
}

afterEach(() => vi.useRealTimers());
const total = () => screen.getByText('Total Campaigns').nextElementSibling;
const zeroCounts = { total: 0, by_status: { planning: 0, 'in-progress': 0, live: 0, completed: 0 }, global: 0, channel_only: 0 };
const ZERO_STATS = { ...zeroCounts, by_channel: Object.fromEntries(CHANNEL_VALUES.map((c) => [c, zeroCounts])) };

describe('CadenceProvider', () => {
  it('should show one toast at a time and close it after 5 seconds', () => {
    vi.useFakeTimers();
    render(
      <CadenceProvider client={createMemoryClient()}>
        <ToastButton title="First" />
        <ToastButton title="Second" />
      </CadenceProvider>,
    );
    act(() => screen.getByRole('button', { name: 'First' }).click());
    act(() => screen.getByRole('button', { name: 'Second' }).click());
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('Second');
    expect(region).not.toHaveTextContent('First');
    act(() => vi.advanceTimersByTime(4_999));
    expect(region).toHaveTextContent('Second');
    act(() => vi.advanceTimersByTime(1));
    expect(region).toBeEmptyDOMElement();
  });

  it('should let the host replace the toast slot', () => {
    render(
      <CadenceProvider client={createMemoryClient()} toastSlot={({ toast }) => (toast ? <p>Host toast: {toast.title}</p> : null)}>
        <ToastButton title="Saved" />
      </CadenceProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Saved' }).click());
    expect(screen.getByText('Host toast: Saved')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('should say what is wrong when a widget has neither provider nor client', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Calendar />)).toThrow('[Cadence] <Calendar> must be rendered inside <CadenceProvider>, or be given a `client` prop.');
    expect(() => render(<CadenceProvider />)).toThrow('[Cadence] <CadenceProvider> needs a `client`, or an `apiUrl` with `auth.getToken` or `accessKey`.');
  });

  it('should accept a client on the widget itself', async () => {
    render(<StatCards client={createMemoryClient({ campaigns: [makeCampaign({ title: 'X' })] })} />);
    await waitFor(() => expect(total()).toHaveTextContent('1'));
  });

  it('should build an HTTP client from apiUrl and an access key', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(ZERO_STATS), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    try {
      render(<CadenceProvider apiUrl="https://cadence.example" accessKey="key-123"><StatCards /></CadenceProvider>);
      expect(await screen.findAllByText('0')).toHaveLength(4);
      const request = (fetch.mock.calls[0] as unknown as [Request])[0];
      // The cards are counted by the server: a few hundred bytes, never the whole list.
      expect(request.url).toBe('https://cadence.example/api/campaigns/stats');
      expect(request.headers.get('Authorization')).toBe('Bearer key-123');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('should start from the user the host passes, without asking the server who it is', async () => {
    const client = createMemoryClient();
    const answer = await client.auth.user();
    const user = vi.spyOn(client.auth, 'user');
    function Who() {
      const session = useSession();
      return <p>{session.ready ? `signed in as ${session.email}` : 'checking'}</p>;
    }
    render(<CadenceProvider client={client} user={answer}><Who /></CadenceProvider>);
    expect(screen.getByText(`signed in as ${answer.user.email}`)).toBeInTheDocument();
    expect(user).not.toHaveBeenCalled();
  });

  it('should renew a refused session token through auth.refreshToken and show the answer', async () => {
    const fetch = vi.fn(async (request: Request) =>
      request.headers.get('Authorization') === 'Bearer renewed'
        ? new Response(JSON.stringify({ ...ZERO_STATS, total: 3 }), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'Token expired' } }), { status: 401, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const refreshToken = vi.fn(async () => 'renewed');
    try {
      render(<CadenceProvider apiUrl="https://cadence.example" realtime={{ subscribe: () => () => undefined }} auth={{ getToken: () => 'stale', refreshToken }}><StatCards /></CadenceProvider>);
      await waitFor(() => expect(total()).toHaveTextContent('3'));
      expect(refreshToken).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('should refetch the counts when a change cannot move them exactly (an answer without its snapshot)', async () => {
    const client = createMemoryClient({ campaigns: [makeCampaign({ title: 'X' })] });
    const feed = fakeRealtime();
    render(<CadenceProvider client={client} realtime={feed.realtime}><StatCards /></CadenceProvider>);
    await waitFor(() => expect(total()).toHaveTextContent('1'));
    const statsCalls = () => client.control.calls.filter((c) => c.op === 'campaigns.stats').length;
    const before = statsCalls();
    const row = await client.campaigns.create({ title: 'Y', planning_start_date: '2026-03-01', live_date: '2026-03-02' });
    act(() => feed.send({ topic: 'campaigns', op: 'insert', row }));
    await waitFor(() => expect(total()).toHaveTextContent('2'));
    expect(statsCalls()).toBe(before + 1);
  });

  it('should subscribe to every topic and refresh the matching lists', async () => {
    const client = createMemoryClient({ ideas: [makeIdea({ title: 'First' })] });
    const feed = fakeRealtime();
    const { unmount } = render(<CadenceProvider client={client} realtime={feed.realtime}><IdeasBoard /></CadenceProvider>);
    expect(await screen.findByRole('article', { name: 'First' })).toBeInTheDocument();
    expect([...new Set(feed.subscriptions().map((s) => s.topic))].sort()).toEqual(['ad_types', 'ads', 'articles', 'campaign_comments', 'campaigns', 'comments', 'events', 'ideas', 'notifications', 'permissions', 'planning_rules', 'prospective_publications', 'publications', 'saved_views', 'tasks', 'templates', 'working_calendar']);
    expect(feed.subscriptions()).toContainEqual({ topic: 'ads', filter: { status: 'live' } });
    const row = await client.ideas.create({ title: 'From someone else' });
    act(() => feed.send({ topic: 'ideas', op: 'insert', row }));
    expect(await screen.findByRole('article', { name: 'From someone else' })).toBeInTheDocument();
    unmount();
    expect(feed.offs).toHaveLength(18);
  });

  it('should open core\'s realtime client for apiUrl and close it on unmount', async () => {
    const sockets: FakeSocket[] = [];
    class FakeSocket {
      readyState = 0;
      url: string;
      sent: string[] = [];
      closed = false;
      onopen: (() => void) | null = null;
      onmessage: ((e: { data: string }) => void) | null = null;
      onclose: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(url: string) {
        this.url = url;
        sockets.push(this);
      }
      send(data: string) {
        this.sent.push(data);
      }
      close() {
        this.closed = true;
      }
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(ZERO_STATS), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    try {
      const { unmount } = render(<CadenceProvider apiUrl="https://cadence.example" accessKey="key-1"><StatCards /></CadenceProvider>);
      await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
      await waitFor(() => expect(sockets.filter((s) => !s.closed)).toHaveLength(1));
      expect(sockets[0]!.url).toBe('wss://cadence.example/api/realtime');
      unmount();
      expect(sockets.every((s) => s.closed)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('should upload ad type examples with the token through fetch', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ path: 'p/1.png', public_url: 'https://x/p/1.png' }), { status: 201 }));
    const upload = httpUploader('https://cadence.example/', () => 'tok', fetch as unknown as typeof globalThis.fetch);
    await expect(upload('pub-1', new Blob(['x'], { type: 'image/png' }))).resolves.toEqual({ path: 'p/1.png', public_url: 'https://x/p/1.png' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://cadence.example/api/storage/ad-type-examples');
    expect(init.headers).toEqual({ Authorization: 'Bearer tok' });
    expect((init.body as FormData).get('publication_id')).toBe('pub-1');
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ error: { code: 'payload_too_large', message: 'Image must be less than 5MB' } }), { status: 413 }));
    await expect(upload('pub-1', new Blob(['x']))).rejects.toMatchObject({ status: 413, message: 'Image must be less than 5MB' });
  });
});
