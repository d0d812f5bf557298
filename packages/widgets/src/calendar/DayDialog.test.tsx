import { CadenceApiError } from '@cadence/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { Calendar } from './Calendar';

const launch = makeCampaign({
  title: 'Spring Launch',
  description: 'The spring release.',
  priority: 'high',
  planning_start_date: '2026-03-02',
  live_date: '2026-03-20',
  owner: 'Dana Whitfield',
  channels: ['email', 'social', 'content', 'paid', 'seo'],
});
const webinar = makeCampaign({ title: 'Webinar', planning_start_date: '2026-03-09', live_date: '2026-03-12', channels: ['webinars'] });

async function openDay(name: RegExp) {
  const r = renderWidget(<Calendar />, { campaigns: [launch, webinar] });
  await r.user.click(await screen.findByRole('gridcell', { name }));
  return { ...r, dialog: await screen.findByRole('dialog') };
}

describe('Calendar day dialog', () => {
  it('should show the full date, the count badge and the planning subtitle', async () => {
    const { dialog } = await openDay(/March 10, 2026/);
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent('Tuesday, March 10, 2026');
    expect(within(dialog).getByText('2 campaigns')).toBeInTheDocument();
    expect(within(dialog).getByText('Planning timeline')).toBeInTheDocument();
  });

  it('should show each card with priority, description, MMM dd dates, status, 4 channels + more and the owner', async () => {
    const { dialog } = await openDay(/March 10, 2026/);
    const card = within(dialog).getByRole('article', { name: 'Spring Launch' });
    expect(within(card).getByRole('img', { name: 'High priority' })).toBeInTheDocument();
    expect(within(card).getByText('The spring release.')).toBeInTheDocument();
    expect(within(card).getByText('Planning: Mar 02')).toBeInTheDocument();
    expect(within(card).getByText('Live: Mar 20')).toBeInTheDocument();
    expect(within(card).getByText('Planning')).toHaveClass('cad-status');
    expect(within(card).getByText('Email')).toBeInTheDocument();
    expect(within(card).getByText('Paid Ads')).toBeInTheDocument();
    expect(within(card).queryByText('SEO')).not.toBeInTheDocument();
    expect(within(card).getByText('+1 more')).toBeInTheDocument();
    expect(within(card).getByText('Owner: Dana Whitfield')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit Spring Launch' })).toBeInTheDocument();
  });

  it('should say "1 campaign" and "Live campaigns" in live view', async () => {
    const running = makeCampaign({ title: 'Running', planning_start_date: '2026-03-01', live_date: '2026-03-10' });
    const { user } = renderWidget(<Calendar view="live" />, { campaigns: [running] });
    await user.click(await screen.findByRole('gridcell', { name: /March 13, 2026, 1 campaign\b/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 campaign')).toBeInTheDocument();
    expect(within(dialog).getByText('Live campaigns')).toBeInTheDocument();
    expect(within(dialog).getByText('In Progress')).toBeInTheDocument();
  });

  it('should offer the six card actions', async () => {
    const { dialog, user } = await openDay(/March 10, 2026/);
    await user.click(within(dialog).getByRole('button', { name: 'Actions for Webinar' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Edit Campaign', 'Mark as Planning', 'Mark as In Progress', 'Mark as Live', 'Mark as Completed', 'Delete Campaign',
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('should set a status with the spec toast and send the version', async () => {
    const { dialog, user, toasts, client } = await openDay(/March 10, 2026/);
    await user.click(within(dialog).getByRole('button', { name: 'Actions for Webinar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as Live' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Status Updated', description: '"Webinar" is now live' }));
    expect(client.control.calls.find((c) => c.op === 'campaigns.update')?.args).toEqual([webinar.id, { status: 'live' }, { version: 1 }]);
  });

  it('should roll back a failed status change with the spec error toast', async () => {
    const client = createMemoryClient({ campaigns: [webinar] });
    client.control.failNext('campaigns.update');
    const { user, toasts } = renderWidget(<Calendar />, { client });
    await user.click(await screen.findByRole('gridcell', { name: /March 10, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'Actions for Webinar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as Completed' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Error updating campaign', description: 'Failed to update campaign in database.' }));
    expect(client.control.campaigns()[0]?.status).toBe('planning');
  });

  it('should confirm a delete with the exact texts, then delete', async () => {
    const { dialog, user, toasts, client } = await openDay(/March 10, 2026/);
    await user.click(within(dialog).getByRole('button', { name: 'Actions for Webinar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Campaign' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Campaign' });
    expect(confirm).toHaveAccessibleDescription('Are you sure you want to delete "Webinar"? This action cannot be undone.');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete Campaign' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Campaign Deleted' }));
    expect(client.control.campaigns().map((c) => c.title)).toEqual(['Spring Launch']);
    expect(within(screen.getByRole('dialog')).getByText('1 campaign')).toBeInTheDocument();
  });

  it('should show the empty state once the last campaign of the day is gone', async () => {
    const client = createMemoryClient({ campaigns: [webinar] });
    const { user } = renderWidget(<Calendar />, { client });
    await user.click(await screen.findByRole('gridcell', { name: /March 10, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'Actions for Webinar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Campaign' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Campaign' }));
    expect(await screen.findByText('No campaigns scheduled for this day')).toBeInTheDocument();
    expect(screen.getByText('No planning activities')).toBeInTheDocument();
  });

  it('should hide edit and the menu from a read-only user', async () => {
    const { user } = renderWidget(<Calendar />, {
      campaigns: [webinar],
      user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }] },
    });
    await user.click(await screen.findByRole('gridcell', { name: /March 10, 2026/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Webinar')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Edit|Actions/ })).not.toBeInTheDocument();
  });

  it('should report a failed delete and keep the campaign', async () => {
    const client = createMemoryClient({ campaigns: [webinar] });
    client.control.failNext('campaigns.remove', new CadenceApiError(403, 'forbidden', 'no'));
    const { user, toasts } = renderWidget(<Calendar />, { client });
    await user.click(await screen.findByRole('gridcell', { name: /March 10, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'Actions for Webinar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Campaign' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Campaign' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Error deleting campaign', description: 'Failed to delete campaign from database.' }));
    expect(within(screen.getByRole('dialog')).getByText('Webinar')).toBeInTheDocument();
  });
});

describe.each(TEST_ZONES)('Calendar days in TZ=%s', (zone) => {
  useTimeZone(zone);

  it('should highlight the local today and keep date-only values on their day', async () => {
    renderWidget(<Calendar />, {
      campaigns: [makeCampaign({ title: 'Edge', planning_start_date: '2026-03-01', live_date: '2026-03-02' })],
      at: () => new Date(2026, 2, 1, 0, 30),
    });
    const first = await screen.findByRole('gridcell', { name: /^Sunday, March 1, 2026, 1 campaign\b/ });
    expect(first).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('gridcell', { name: /February 28, 2026/ })).toHaveAccessibleName(/0 campaigns\b/);
    expect(screen.getByRole('gridcell', { name: /March 2, 2026/ })).toHaveAccessibleName(/0 campaigns\b/);
  });
});
