import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Calendar } from '../calendar/Calendar';
import { Gantt } from '../gantt/Gantt';
import { makeCampaign, makeVirtualCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';
import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { LONG_PRESS_MS } from './pointer';
import { forgetMove } from './undo';

// "Today" is Wednesday 2026-03-11 (see renderWidget).
const spring = () =>
  makeCampaign({ title: 'Spring launch', planning_start_date: '2026-03-09', live_date: '2026-03-12', end_date: '2026-03-18', channels: ['email'] });
/** The move's polite live region (the toaster has a status region of its own). */
const status = () => document.querySelector('p.cad-sr-only[role="status"]')?.textContent ?? '';
const chipOn = async (day: RegExp) => within(await screen.findByRole('gridcell', { name: day })).getByRole('button', { name: 'Spring launch' });
const updates = (client: { control: { calls: Array<{ op: string; args: unknown[] }> } }) => client.control.calls.filter((c) => c.op === 'campaigns.update');

afterEach(() => forgetMove());

describe('moving a campaign in the calendar with the keyboard', () => {
  it('should pick up with Space, move by days and weeks with the arrows, and save all three dates on Space', async () => {
    const c = spring();
    const { client, user, toasts } = renderWidget(<Calendar />, { campaigns: [c] });
    const chip = await chipOn(/March 9, 2026/);
    chip.focus();
    await user.keyboard(' ');
    expect(status()).toMatch(/Picked up Spring launch\. Spring launch: planning from Mar 9, live Mar 12\./);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(status()).toContain('Spring launch: planning from Mar 11, live Mar 14');
    await user.keyboard('{ArrowDown}');
    expect(status()).toContain('Spring launch: planning from Mar 18, live Mar 21');
    expect(screen.getByRole('gridcell', { name: /March 18, 2026/ })).toHaveClass('cad-day--drop-target');
    await user.keyboard(' ');

    await waitFor(() => expect(updates(client)).toHaveLength(1));
    expect(updates(client)[0]!.args).toEqual([c.id, { planning_start_date: '2026-03-18', live_date: '2026-03-21', end_date: '2026-03-27' }, { version: c.version }]);
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Campaign Updated', description: '"Spring launch" moved to Mar 18' }));
    expect(toasts.at(-1)?.action?.label).toBe('Undo');
    // Focus follows the chip to where it now is.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-campaign', c.id));
    expect(document.activeElement?.closest('[role="gridcell"]')).toHaveAccessibleName(/March 18, 2026/);
  });

  it('should put it back on Escape without saving', async () => {
    const { client, user } = renderWidget(<Calendar />, { campaigns: [spring()] });
    (await chipOn(/March 9, 2026/)).focus();
    await user.keyboard(' {ArrowRight}{ArrowRight}{Escape}');
    expect(status()).toContain('Move cancelled. Spring launch: planning from Mar 9, live Mar 12');
    expect(updates(client)).toEqual([]);
    expect(document.querySelector('.cad-day--drop-target')).toBeNull();
  });

  it('should resize the live end with Shift+arrows in the live view, and undo from the toast', async () => {
    const c = spring();
    const { client, user, toasts } = renderWidget(<Calendar view="live" />, { campaigns: [c] });
    (await chipOn(/March 12, 2026/)).focus();
    await user.keyboard(' {Shift>}{ArrowRight}{ArrowRight}{/Shift} ');
    await waitFor(() => expect(updates(client)).toHaveLength(1));
    expect(updates(client)[0]!.args[1]).toEqual({ end_date: '2026-03-20' });
    await waitFor(() => expect(toasts.at(-1)?.description).toBe('"Spring launch" moved to Mar 20'));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(updates(client)).toHaveLength(2));
    expect(updates(client)[1]!.args).toEqual([c.id, { end_date: '2026-03-18' }, { version: c.version + 1 }]);
    await waitFor(() => expect(client.control.campaigns()[0]!.end_date).toBe('2026-03-18'));
  });

  it('should undo the last move with Ctrl+Z', async () => {
    const { client, user } = renderWidget(<Calendar />, { campaigns: [spring()] });
    (await chipOn(/March 9, 2026/)).focus();
    await user.keyboard(' {ArrowLeft} ');
    await waitFor(() => expect(client.control.campaigns()[0]!.live_date).toBe('2026-03-11'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(client.control.campaigns()[0]!.live_date).toBe('2026-03-12'));
    expect(updates(client)).toHaveLength(2);
  });

  it('should roll back and say what someone else changed when the save meets a 412', async () => {
    const c = spring();
    const { client, user, toasts } = renderWidget(<Calendar />, { campaigns: [c] });
    (await chipOn(/March 9, 2026/)).focus();
    client.control.editAsSomeoneElse(c.id, { live_date: '2026-03-13', title: 'Spring launch v2' });
    await user.keyboard(' {ArrowRight} ');
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Not moved: someone else changed this campaign'));
    expect(toasts.at(-1)?.description).toBe('Live date is now Mar 13 (was Mar 12); Title is now "Spring launch v2".');
    expect(client.control.campaigns()[0]).toMatchObject({ planning_start_date: '2026-03-09', live_date: '2026-03-13' });
  });

  it('should roll back with the spec’s toast on any other failure', async () => {
    const { client, user, toasts } = renderWidget(<Calendar />, { campaigns: [spring()] });
    (await chipOn(/March 9, 2026/)).focus();
    client.control.failNext('campaigns.update');
    await user.keyboard(' {ArrowRight} ');
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Error updating campaign', description: 'Failed to update campaign in database.' }));
    expect(await chipOn(/March 9, 2026/)).toBeInTheDocument();
  });
});

describe('who may move what', () => {
  it('should not let a user without update rights pick anything up', async () => {
    const { user, client } = renderWidget(<Calendar />, { campaigns: [spring()], user: { role: null, permissions: [{ permission_type: 'global_view' } as never] } });
    const cell = await screen.findByRole('gridcell', { name: /March 9, 2026, 1 campaign/ });
    expect(within(cell).queryByRole('button')).toBeNull();
    expect(within(cell).getByText('Spring launch')).not.toHaveClass('cad-chip--movable');
    cell.focus();
    await user.keyboard(' ');
    expect(updates(client)).toEqual([]);
  });

  it('should never move virtual campaigns, and nothing at all with editable={false}', async () => {
    const live = makeVirtualCampaign({ title: 'Live ad', planning_start_date: '2026-03-09', live_date: '2026-03-10' });
    renderWidget(<Calendar editable={false} />, { campaigns: [spring()], virtual: [live] });
    const chip = await chipOn(/March 9, 2026/);
    expect(chip).not.toHaveClass('cad-chip--movable');
    expect(screen.getByText('Live ad')).toHaveClass('cad-chip--static');
    chip.focus();
    fireEvent.keyDown(chip, { key: ' ' });
    expect(status()).toBe('');
  });
});

describe('moving a bar in the Gantt with the keyboard', () => {
  const bar = async (title: RegExp) => screen.findByRole('button', { name: title });

  it('should resize only the live end with Shift+ArrowRight and only the planning start with Alt+Shift+ArrowLeft', async () => {
    const c = spring();
    const { client, user } = renderWidget(<Gantt view="live" />, { campaigns: [c] });
    (await bar(/Edit Spring launch/)).focus();
    await user.keyboard(' {Shift>}{ArrowRight}{/Shift}');
    expect(status()).toContain('Spring launch: live Mar 12, ends Mar 19');
    await user.keyboard(' ');
    await waitFor(() => expect(updates(client)).toHaveLength(1));
    expect(updates(client)[0]!.args[1]).toEqual({ end_date: '2026-03-19' });

    await user.click(screen.getByRole('button', { name: 'Planning Timeline' }));
    (await bar(/Edit Spring launch/)).focus();
    await user.keyboard(' {Alt>}{Shift>}{ArrowLeft}{/Shift}{/Alt} ');
    await waitFor(() => expect(updates(client)).toHaveLength(2));
    expect(updates(client)[1]!.args[1]).toEqual({ planning_start_date: '2026-03-08' });
  });

  it('should never let a resize make a bar end before it starts', async () => {
    const { client, user } = renderWidget(<Gantt view="live" />, { campaigns: [spring()] });
    (await bar(/Edit Spring launch/)).focus();
    await user.keyboard(' ' + '{Shift>}{ArrowLeft}{/Shift}'.repeat(10) + ' ');
    await waitFor(() => expect(updates(client)).toHaveLength(1));
    expect(updates(client)[0]!.args[1]).toEqual({ end_date: '2026-03-12' });
  });

  it('should move the whole bar by whole days and keep Enter for the editor', async () => {
    const { client, user } = renderWidget(<Gantt />, { campaigns: [spring()] });
    (await bar(/Edit Spring launch/)).focus();
    await user.keyboard(' {ArrowLeft}{ArrowLeft}{ArrowLeft} ');
    await waitFor(() => expect(updates(client)).toHaveLength(1));
    expect(updates(client)[0]!.args[1]).toEqual({ planning_start_date: '2026-03-06', live_date: '2026-03-09', end_date: '2026-03-15' });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('moving with the pointer', () => {
  it('should not pick a chip up on a plain click', async () => {
    const { user } = renderWidget(<Calendar />, { campaigns: [spring()] });
    await user.click(await chipOn(/March 9, 2026/));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(status()).toBe('');
  });

  it('should cancel a drag on Escape', async () => {
    const { client } = renderWidget(<Calendar />, { campaigns: [spring()] });
    const chip = await chipOn(/March 9, 2026/);
    fireEvent.pointerDown(chip, { pointerId: 1, button: 0, pointerType: 'mouse', clientX: 10, clientY: 10 });
    await act(async () => {
      window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, clientX: 60, clientY: 10 }));
      await new Promise((r) => requestAnimationFrame(r));
    });
    expect(chip).toHaveClass('cad-chip--carried');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(chip).not.toHaveClass('cad-chip--carried'));
    expect(updates(client)).toEqual([]);
  });
});

describe.each(TEST_ZONES)('moves across a daylight-saving change and a month end in TZ=%s', (zone) => {
  useTimeZone(zone);

  it('should land on the right days, sent as YYYY-MM-DD strings', async () => {
    // US clocks change on Mar 8 and EU clocks on Mar 29, 2026; the move crosses both and the month end.
    const c = makeCampaign({ title: 'Spring launch', planning_start_date: '2026-03-07', live_date: '2026-03-08', end_date: '2026-03-29', channels: ['email'] });
    const { client, user } = renderWidget(<Calendar view="live" />, { campaigns: [c] });
    (await chipOn(/March 8, 2026/)).focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight} ');
    await waitFor(() => expect(updates(client)).toHaveLength(1));
    expect(updates(client)[0]!.args[1]).toEqual({ planning_start_date: '2026-03-31', live_date: '2026-04-01', end_date: '2026-04-22' });
  });
});

describe('what a move keeps', () => {
  it('should keep a channel-only campaign in its channel: only the dates are sent', async () => {
    const c = makeCampaign({ title: 'Spring launch', planning_start_date: '2026-03-09', live_date: '2026-03-12', scope: 'channel', primary_channel: 'email', channels: ['email'] });
    const { client, user } = renderWidget(<Calendar channel="email" />, { campaigns: [c] });
    (await chipOn(/March 9, 2026/)).focus();
    await user.keyboard(' {ArrowRight} ');
    await waitFor(() => expect(updates(client)).toHaveLength(1));
    expect(Object.keys(updates(client)[0]!.args[1] as object).sort()).toEqual(['live_date', 'planning_start_date']);
    expect(client.control.campaigns()[0]).toMatchObject({ scope: 'channel', primary_channel: 'email', planning_start_date: '2026-03-10' });
  });
});

describe('touch', () => {
  it('should pick a chip up after a long press, and not on a quick swipe', async () => {
    renderWidget(<Calendar />, { campaigns: [spring()] });
    const chip = await chipOn(/March 9, 2026/);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.pointerDown(chip, { pointerId: 7, button: 0, pointerType: 'touch', clientX: 10, clientY: 10 });
      act(() => void vi.advanceTimersByTime(LONG_PRESS_MS - 50));
      expect(chip).not.toHaveClass('cad-chip--carried');
      act(() => void vi.advanceTimersByTime(100));
      expect(chip).toHaveClass('cad-chip--carried');
      fireEvent.keyDown(window, { key: 'Escape' });
      expect(chip).not.toHaveClass('cad-chip--carried');

      // A swipe: the finger moves before the press is long enough, so the page scrolls instead.
      fireEvent.pointerDown(chip, { pointerId: 8, button: 0, pointerType: 'touch', clientX: 10, clientY: 10 });
      act(() => void window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 8, clientX: 10, clientY: 40 })));
      act(() => void vi.advanceTimersByTime(LONG_PRESS_MS * 2));
      expect(chip).not.toHaveClass('cad-chip--carried');
    } finally {
      vi.useRealTimers();
    }
  });
});
