import { CadenceApiError, type ClosedDay } from '@cadence/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CadenceProvider } from '../provider/CadenceProvider';
import { fakeRealtime } from '../testing/fake-realtime';
import { createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { WorkingDaysPanel } from './WorkingDaysPanel';

const closed = (day: string, label: string, kind: ClosedDay['kind'] = 'holiday'): ClosedDay => ({ day, label, kind, source: 'manual', created_by: null, created_at: '2026-01-01T00:00:00.000Z' });
const calendar = { weekend: [5, 6], closed_days: [closed('2026-01-01', "New Year's Day"), closed('2026-04-03', 'Good Friday'), closed('2026-03-20', 'Company offsite', 'blackout')] };
const ICS = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
  'BEGIN:VEVENT', 'UID:1', 'SUMMARY:Easter Monday', 'DTSTART;VALUE=DATE:20260406', 'DTEND;VALUE=DATE:20260407', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:2', 'SUMMARY:Good Friday', 'DTSTART;VALUE=DATE:20260403', 'DTEND;VALUE=DATE:20260404', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:3', 'SUMMARY:Board meeting', 'DTSTART:20260410T090000Z', 'DTEND:20260410T100000Z', 'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const upload = async (text: string, name = 'holidays.ics') => {
  const input = screen.getByLabelText('Import an .ics file') as HTMLInputElement;
  const file = new File([text], name, { type: 'text/calendar' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
};

describe('WorkingDaysPanel', () => {
  it('should list upcoming closed days first with label and kind, and keep past ones behind a button', async () => {
    const { user } = renderWidget(<WorkingDaysPanel />, { workingCalendar: calendar });
    const upcoming = await screen.findByRole('list', { name: 'Upcoming closed days' });
    const rows = within(upcoming).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/20 Mar 2026.*Company offsite.*Blackout/),
      expect.stringMatching(/3 Apr 2026.*Good Friday.*Holiday/),
    ]);
    expect(screen.queryByText(/New Year/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show past closed days (1)' }));
    expect(within(screen.getByRole('list', { name: 'Past closed days' })).getByText("New Year's Day")).toBeInTheDocument();
  });

  it('should show the empty state, and save the weekend with a confirmation', async () => {
    const { user, client, toasts } = renderWidget(<WorkingDaysPanel />);
    expect(await screen.findByText('No closed days yet.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
    expect(screen.getAllByRole('checkbox').map((c) => c.parentElement?.textContent?.trim())).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('button', { name: 'Save weekend' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Weekend saved'));
    expect((await client.workingCalendar.get()).weekend).toEqual([4, 5, 6]);
  });

  it("should refuse a weekend of all seven days with the server's message on the field", async () => {
    const { user } = renderWidget(<WorkingDaysPanel />);
    await screen.findByText('No closed days yet.');
    for (const d of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await user.click(screen.getByRole('checkbox', { name: d }));
    await user.click(screen.getByRole('button', { name: 'Save weekend' }));
    expect(await screen.findByText('At least one day of the week must be a working day')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Weekend/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it("should close a day, and show the server's field errors (400) and a day closed already (409) on the fields", async () => {
    const { user, client, toasts } = renderWidget(<WorkingDaysPanel />, { workingCalendar: calendar });
    await screen.findByRole('list', { name: 'Upcoming closed days' });
    await user.click(screen.getByRole('button', { name: 'Close day' }));
    expect(await screen.findByLabelText(/^Date/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Label/)).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2026-04-03' } });
    await user.type(screen.getByLabelText(/^Label/), 'Spring break');
    await user.click(screen.getByRole('button', { name: 'Close day' }));
    expect(await screen.findByText('2026-04-03 is closed already')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2026-05-01' } });
    await user.selectOptions(screen.getByLabelText('Kind'), 'blackout');
    await user.click(screen.getByRole('button', { name: 'Close day' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Day closed'));
    expect((await client.workingCalendar.get({ from: '2026-05-01', to: '2026-05-01' })).closed_days).toMatchObject([{ label: 'Spring break', kind: 'blackout', source: 'manual' }]);
    expect(within(screen.getByRole('list', { name: 'Upcoming closed days' })).getByText('Spring break')).toBeInTheDocument();
  });

  it('should reopen a day after confirmation, and Undo closes it again with its label and kind', async () => {
    const { user, client, toasts } = renderWidget(<WorkingDaysPanel />, { workingCalendar: calendar });
    await user.click(await screen.findByRole('button', { name: 'Reopen 2026-03-20 Company offsite' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reopen day' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen day' }));
    await waitFor(() => expect(screen.queryByText('Company offsite')).not.toBeInTheDocument());
    const toast = toasts.find((t) => t.title === 'Day reopened')!;
    expect(toast.action?.label).toBe('Undo');
    act(() => toast.action!.onSelect());
    expect(await screen.findByText('Company offsite')).toBeInTheDocument();
    expect((await client.workingCalendar.get({ from: '2026-03-20', to: '2026-03-20' })).closed_days).toMatchObject([{ label: 'Company offsite', kind: 'blackout' }]);
  });

  it("should import an .ics file with a summary of what the server did, and show its 400 for a bad file", async () => {
    const { client } = renderWidget(<WorkingDaysPanel />, { workingCalendar: calendar });
    await screen.findByRole('list', { name: 'Upcoming closed days' });
    await upload(ICS);
    expect(await screen.findByText('Added 1 day; 1 already closed; 1 timed event skipped.')).toBeInTheDocument();
    expect(await screen.findByText('Easter Monday')).toBeInTheDocument();
    expect(client.control.calls.find((c) => c.op === 'workingCalendar.importIcs')?.args).toEqual([ICS, 'holiday']);
    await upload('hello, world', 'notes.ics');
    expect(await screen.findByText(/Not an iCalendar file/)).toBeInTheDocument();
    expect(screen.getByLabelText('Import an .ics file')).toHaveAttribute('aria-invalid', 'true');
  });

  it("should show another administrator's closed day as soon as the realtime feed says so", async () => {
    const client = createMemoryClient({ workingCalendar: { weekend: [5, 6], closed_days: [closed('2031-04-11', 'Good Friday')] } });
    const feed = fakeRealtime();
    render(<CadenceProvider client={client} realtime={feed.realtime}><WorkingDaysPanel /></CadenceProvider>);
    const upcoming = await screen.findByRole('list', { name: 'Upcoming closed days' });
    await within(upcoming).findByText('Good Friday');
    const row = await client.workingCalendar.close({ day: '2031-04-14', label: 'Easter Monday' });
    act(() => feed.send({ topic: 'working_calendar', op: 'insert', row }));
    expect(await within(upcoming).findByText('Easter Monday')).toBeInTheDocument();
  });

  it('should show an error with Try again when the calendar cannot be loaded', async () => {
    const client = createMemoryClient({ now: () => new Date(2026, 2, 11, 10) });
    client.control.failNext('workingCalendar.get', new CadenceApiError(500, 'internal', 'Simulated server error'));
    const { user } = renderWidget(<WorkingDaysPanel />, { client });
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No closed days yet.')).toBeInTheDocument();
  });

  it('should show nothing to someone who is not an administrator', async () => {
    const { container, client } = renderWidget(<WorkingDaysPanel />, { user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }] } });
    await waitFor(() => expect(client.control.calls.some((c) => c.op === 'auth.user')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('.cad-working-days')).toBeNull();
    expect(screen.queryByText('Working days')).not.toBeInTheDocument();
    expect(client.control.calls.some((c) => c.op === 'workingCalendar.get')).toBe(false);
    await expect(client.workingCalendar.close({ day: '2026-05-01', label: 'x' })).rejects.toMatchObject({ status: 403 });
  });
});
