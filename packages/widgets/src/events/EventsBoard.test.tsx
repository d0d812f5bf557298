import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleWorkspace } from '../testing/fixtures-more';
import { openDialog, renderWidget } from '../testing/render';
import { EventsBoard } from './EventsBoard';

const data = () => sampleWorkspace('2026-03-11');

describe('EventsBoard', () => {
  it('should show the title, subtitle and tabs with the live schedule by default', async () => {
    renderWidget(<EventsBoard />, data());
    expect(screen.getByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(screen.getByText('Manage your company events and participation')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Timeline', 'Calendar', 'Event List']);
    expect(screen.getByRole('button', { name: 'Live Schedule' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Live Campaign Timeline')).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Campaigns' })).getAllByText('Industry Expo 2026').length).toBeGreaterThan(0);
    expect(screen.queryByRole('switch', { name: 'Group by Channel' })).not.toBeInTheDocument();
  });

  it('should show events on the calendar as read-only live campaigns', async () => {
    const { user } = renderWidget(<EventsBoard tab="calendar" />, data());
    expect(screen.getByText('Live Campaign Calendar')).toBeInTheDocument();
    await user.click(await screen.findByRole('gridcell', { name: /March 14, 2026/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Industry Expo 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Types: exhibit, speaking · Audiences: owners, contractors')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('should show only the events that match the search, on every tab (docs/adr/0029)', async () => {
    const { user } = renderWidget(<EventsBoard tab="list" filter={{ q: 'summit' }} />, data());
    await screen.findByRole('article', { name: 'Water Summit' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Water Summit']);
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const rows = await screen.findByRole('list', { name: 'Campaigns' });
    expect(within(rows).queryAllByText('Industry Expo 2026')).toHaveLength(0);
  });

  it('should say when no event matches the search', async () => {
    renderWidget(<EventsBoard tab="list" filter={{ q: 'no such event' }} />, data());
    expect(await screen.findByText('No events match the search')).toBeInTheDocument();
  });

  it('should list event cards and the empty text', async () => {
    const { user } = renderWidget(<EventsBoard tab="list" />, data());
    const card = await screen.findByRole('article', { name: 'Industry Expo 2026' });
    expect(within(card).getByText('Mar 14, 2026 – Mar 16, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Las Vegas, NV · Convention Center')).toBeInTheDocument();
    expect(within(card).getByText('Audience: owners, contractors')).toBeInTheDocument();
    expect(within(card).getByText('speaking')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /View Event Details/ })).toHaveAttribute('href', 'https://expo.example.com');
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    expect(screen.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  });

  it('should say when there are no events', async () => {
    renderWidget(<EventsBoard tab="list" />);
    expect(await screen.findByText('No events yet. Click "Add New Event" to get started.')).toBeInTheDocument();
  });

  it('should add an event with every field, the other-vertical text and the required-field message', async () => {
    const { user, client, toasts } = renderWidget(<EventsBoard tab="list" />, data());
    await user.click(await screen.findByRole('button', { name: 'Add New Event' }));
    const dialog = await openDialog('Add New Event');
    const d = within(dialog);
    await user.type(d.getByLabelText(/Event Name/), 'Rail Forum');
    await user.click(d.getByRole('button', { name: 'Add Event' }));
    expect(d.getByLabelText(/Event Name/)).toBeValid();
    expect(d.getByLabelText(/Start Date/)).toHaveAccessibleDescription('Please fill in all required fields');
    for (const box of [d.getByRole('checkbox', { name: 'other' }), d.getByRole('checkbox', { name: 'engineers' })]) {
      expect(box).toBeInvalid();
      expect(box).toHaveAccessibleDescription('Please fill in all required fields');
    }
    expect(d.queryByLabelText('Other vertical')).not.toBeInTheDocument();
    await user.click(d.getByRole('checkbox', { name: 'other' }));
    await user.type(d.getByLabelText('Other vertical'), 'Rail');
    await user.click(d.getByRole('checkbox', { name: 'engineers' }));
    await user.click(d.getByRole('checkbox', { name: 'speaking' }));
    await user.selectOptions(d.getByLabelText('Region'), 'EMEA');
    await user.type(d.getByLabelText(/Start Date/), '2026-04-01');
    await user.type(d.getByLabelText(/End Date/), '2026-04-02');
    await user.type(d.getByLabelText('Location'), 'Berlin');
    await user.type(d.getByLabelText('Venue'), 'Messe');
    await user.type(d.getByLabelText('Event URL'), 'https://rail.example.com');
    await user.click(d.getByRole('button', { name: 'Add Event' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Event added successfully'));
    expect(client.control.data().events.find((e) => e.name === 'Rail Forum')).toMatchObject({
      vertical: ['other'], vertical_other: 'Rail', audience: ['engineers'], type: ['speaking'], region: 'EMEA',
      start_date: '2026-04-01', end_date: '2026-04-02', location: 'Berlin', venue: 'Messe', event_url: 'https://rail.example.com',
    });
    expect(await screen.findByRole('article', { name: 'Rail Forum' })).toBeInTheDocument();
  });

  it('should toast a failed add and hide adding from read-only sessions', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, client, toasts, unmount } = renderWidget(<EventsBoard tab="list" />, data());
    client.control.failNext('events.create');
    await user.click(await screen.findByRole('button', { name: 'Add New Event' }));
    const d = within(await openDialog());
    await user.type(d.getByLabelText(/Event Name/), 'X');
    for (const name of ['water', 'owners', 'exhibit']) await user.click(d.getByRole('checkbox', { name }));
    await user.type(d.getByLabelText(/Start Date/), '2026-04-01');
    await user.type(d.getByLabelText(/End Date/), '2026-04-01');
    await user.click(d.getByRole('button', { name: 'Add Event' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Failed to add event', variant: 'destructive' }));
    unmount();
    renderWidget(<EventsBoard tab="list" />, { ...data(), user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }] } });
    await screen.findByRole('article', { name: 'Industry Expo 2026' });
    expect(screen.queryByRole('button', { name: 'Add New Event' })).not.toBeInTheDocument();
  });
});
