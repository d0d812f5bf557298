import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar } from '../calendar/Calendar';
import { StatCards } from '../list/StatCards';
import { makeCampaign } from '../testing/fixtures';
import { createMemoryClient } from '../testing/memory-client';
import { CadenceProvider, type RealtimeLike } from './CadenceProvider';
import { useCadence } from './context';

function ToastButton({ title }: { title: string }) {
  const { toast } = useCadence();
  return <button type="button" onClick={() => toast({ title, description: 'Details' })}>{title}</button>;
}

afterEach(() => vi.useRealTimers());
const total = () => screen.getByText('Total Campaigns').nextElementSibling;

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
    const fetch = vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    try {
      render(<CadenceProvider apiUrl="https://cadence.example" accessKey="key-123"><StatCards /></CadenceProvider>);
      expect(await screen.findAllByText('0')).toHaveLength(4);
      const request = (fetch.mock.calls[0] as unknown as [Request])[0];
      expect(request.url).toBe('https://cadence.example/api/campaigns');
      expect(request.headers.get('Authorization')).toBe('Bearer key-123');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('should refetch campaigns when the realtime feed reports a change', async () => {
    const client = createMemoryClient({ campaigns: [makeCampaign({ title: 'X' })] });
    let notify = () => {};
    const realtime: RealtimeLike = { subscribe: (_topic, onChange) => ((notify = () => onChange({})), () => {}) };
    render(<CadenceProvider client={client} realtime={realtime}><StatCards /></CadenceProvider>);
    await waitFor(() => expect(total()).toHaveTextContent('1'));
    await client.campaigns.create({ title: 'Y', planning_start_date: '2026-03-01', live_date: '2026-03-02' });
    act(() => notify());
    await waitFor(() => expect(total()).toHaveTextContent('2'));
  });
});
