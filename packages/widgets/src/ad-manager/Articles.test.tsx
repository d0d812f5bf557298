import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleWorkspace } from '../testing/fixtures-more';
import { openDialog, renderWidget } from '../testing/render';
import { AdManager } from './AdManager';

const data = () => sampleWorkspace('2026-03-11');
const rows = () => screen.getAllByRole('row').slice(1);

describe('Articles', () => {
  it('should show loading, the tabs and the columns, by due date', async () => {
    const { user } = renderWidget(<AdManager tab="articles" />, data());
    expect(screen.getByText('Loading articles...')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(screen.getByRole('tablist', { name: 'Article status' })).getAllByRole('tab').map((t) => t.textContent)).toEqual(['All Articles', 'New', 'Content Requested', 'Content Ready', 'Live']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Status', 'Title', 'Publication', 'Due Date', 'Live Date', 'Website Examples', 'Copy Needs', 'Website Focus', 'Image Needs', 'Objective']);
    expect(rows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['How planning scales', 'Grid upgrades explained']);
    await user.click(screen.getByRole('tab', { name: 'Live' }));
    expect(screen.getByText('No articles found')).toBeInTheDocument();
  });

  it('should change a status in place', async () => {
    const { user, client, toasts } = renderWidget(<AdManager tab="articles" />, data());
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of Grid upgrades explained' }), 'live');
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Article updated successfully'));
    expect(client.control.data().articles.find((a) => a.title === 'Grid upgrades explained')?.status).toBe('live');
  });

  it('should add an article and require title and dates', async () => {
    const { user, client, toasts } = renderWidget(<AdManager tab="articles" />, data());
    await user.click(await screen.findByRole('button', { name: 'Add New Article' }));
    const d = within(await openDialog('Add New Article'));
    await user.type(d.getByLabelText(/Title/), 'Tunnels 101');
    await user.click(d.getByRole('button', { name: 'Add Article' }));
    expect(d.getByLabelText(/Title/)).toBeValid();
    expect(d.getByLabelText(/Due Date/)).toHaveAccessibleDescription('Please fill in all required fields');
    expect(d.getByLabelText(/Live Date/)).toHaveAccessibleDescription('Please fill in all required fields');
    await user.type(d.getByLabelText(/Due Date/), '2026-04-01');
    await user.type(d.getByLabelText(/Live Date/), '2026-04-20');
    await user.click(d.getByRole('button', { name: 'Add Article' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Article added successfully'));
    expect(client.control.data().articles.find((a) => a.title === 'Tunnels 101')).toMatchObject({ objective: null, publication_name: null, status: 'new' });
  });

  it('should toast failures to load and add', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = renderWidget(<div />);
    client.control.failAlways('articles.list');
    const r = renderWidget(<AdManager tab="articles" />, { client });
    await waitFor(() => expect(r.toasts.at(-1)).toMatchObject({ title: 'Failed to load articles', variant: 'destructive' }));
  });
});
