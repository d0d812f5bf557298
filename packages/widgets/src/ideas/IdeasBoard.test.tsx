import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeIdea, sampleWorkspace } from '../testing/fixtures-more';
import { createMemoryClient } from '../testing/memory-client';
import { openDialog, renderWidget } from '../testing/render';
import { IdeasBoard } from './IdeasBoard';

const data = () => sampleWorkspace('2026-03-11');
const cards = () => screen.getAllByRole('article');
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('IdeasBoard', () => {
  it('should show the header, subtitle and a 6-card skeleton while loading', () => {
    renderWidget(<IdeasBoard />, { latencyMs: 60_000 });
    expect(screen.getByRole('heading', { name: 'Campaign Ideas' })).toBeInTheDocument();
    expect(screen.getByText('Brainstorm, collaborate, and develop campaign concepts')).toBeInTheDocument();
    expect(screen.getAllByTestId('idea-skeleton')).toHaveLength(6);
  });

  it('should offer to create the first idea when there is none', async () => {
    const { user } = renderWidget(<IdeasBoard />);
    expect(await screen.findByText('No ideas yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Your First Idea' }));
    expect(screen.getByRole('dialog', { name: 'New Campaign Idea' })).toBeInTheDocument();
  });

  it('should list ideas newest first with relative times', async () => {
    renderWidget(<IdeasBoard />, data());
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Referral programme', 'Partner webinar', 'Customer spotlight series']);
    expect(within(cards()[0]!).getByText('1 day ago')).toBeInTheDocument();
    expect(within(cards()[2]!).getByText('10 days ago')).toBeInTheDocument();
  });

  it('should create an idea with a trimmed title and add nothing for a blank one', async () => {
    const { user, client, toasts } = renderWidget(<IdeasBoard />, data());
    await user.click(await screen.findByRole('button', { name: 'New Idea' }));
    const dialog = await openDialog('New Campaign Idea');
    await user.type(within(dialog).getByLabelText('Title *'), '   ');
    expect(within(dialog).getByRole('button', { name: 'Create Idea' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Title *'), 'Podcast  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Idea' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Idea Created', description: 'Your new idea has been successfully created.' }));
    expect(client.control.calls.find((c) => c.op === 'ideas.create')?.args).toEqual([{ title: 'Podcast', description: null }]);
    await waitFor(() => expect(cards()[0]).toHaveAccessibleName('Podcast'));
  });

  it('should update and delete ideas with the spec toasts', async () => {
    const { user, toasts } = renderWidget(<IdeasBoard />, data());
    await user.click(await screen.findByRole('button', { name: 'Edit Partner webinar' }));
    const dialog = await openDialog('Edit Campaign Idea');
    await user.type(within(dialog).getByLabelText('Description'), 'For Q3');
    await user.click(within(dialog).getByRole('button', { name: 'Update Idea' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Idea Updated', description: 'Your idea has been successfully updated.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete Partner webinar' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Idea Deleted'));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('should toast failures', async () => {
    quiet();
    const { user, client, toasts } = renderWidget(<IdeasBoard />, data());
    client.control.failNext('ideas.remove');
    await user.click(await screen.findByRole('button', { name: 'Delete Partner webinar' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Error', description: 'Failed to delete idea. Please try again.', variant: 'destructive' }));
    expect(cards()).toHaveLength(3);
    client.control.failNext('ideas.create');
    await user.click(screen.getByRole('button', { name: 'New Idea' }));
    await user.type(screen.getByLabelText('Title *'), 'X');
    await user.click(screen.getByRole('button', { name: 'Create Idea' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Error', description: 'Failed to save idea. Please try again.' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('should show, add and delete comments oldest first', async () => {
    const { user, client } = renderWidget(<IdeasBoard />, data());
    const toggle = await screen.findByRole('button', { name: '2 comments on Customer spotlight series' });
    await user.click(toggle);
    const card = screen.getByRole('article', { name: 'Customer spotlight series' });
    expect(within(card).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Great idea, start with Northwind.', 'Needs a video budget.']);
    const box = within(card).getByPlaceholderText('Share your thoughts on this idea...');
    await user.type(box, '   ');
    expect(within(card).getByRole('button', { name: 'Post Comment' })).toBeDisabled();
    await user.type(box, 'Ship it');
    await user.click(within(card).getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(3));
    expect(within(card).getAllByRole('listitem')[2]).toHaveTextContent('Ship itless than a minute ago');
    await user.click(within(card).getAllByRole('button', { name: 'Delete comment' })[0]!);
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(2));
    expect(client.control.data().comments.some((c) => c.comment === 'Great idea, start with Northwind.')).toBe(false);
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('should convert an idea into a prefilled campaign and keep the idea', async () => {
    const { user, client, toasts } = renderWidget(<IdeasBoard />, data());
    const card = await screen.findByRole('article', { name: 'Customer spotlight series' });
    await user.click(within(card).getByRole('button', { name: 'Convert to Campaign' }));
    const dialog = await openDialog('Create New Campaign');
    expect(within(dialog).getByLabelText(/Campaign Title/)).toHaveValue('Customer spotlight series');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Monthly interviews with customers.');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('planning');
    expect(within(dialog).getByLabelText('Campaign Owner')).toHaveValue('');
    expect(within(dialog).getByLabelText(/Planning Start Date/)).toHaveValue('2026-03-11');
    expect(within(dialog).getByLabelText(/Live Date/)).toHaveValue('2026-03-11');
    expect(within(dialog).getByRole('radio', { name: /Global/ })).toBeChecked();
    expect(within(within(dialog).getByRole('group', { name: 'Marketing Channels' })).queryAllByRole('button', { pressed: true })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Campaign Created', description: '"Customer spotlight series" has been converted to a campaign.' }));
    expect(client.control.campaigns()[0]).toMatchObject({ title: 'Customer spotlight series', channels: [], status: 'planning', priority: 'medium', scope: 'global', owner: null });
    expect(screen.getByRole('article', { name: 'Customer spotlight series' })).toBeInTheDocument();
  });

  it('should toast a failed conversion', async () => {
    quiet();
    const { user, client, toasts } = renderWidget(<IdeasBoard />, data());
    client.control.failNext('campaigns.create');
    await user.click((await screen.findAllByRole('button', { name: 'Convert to Campaign' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Error', description: 'Failed to create campaign. Please try again.' }));
  });

  it('should hide editing from read-only sessions and others\' ideas', async () => {
    const other = makeIdea({ title: 'Not mine', created_by: '00000000-0000-4000-8000-0000000000ff' });
    renderWidget(<IdeasBoard />, { ideas: [other], user: { role: null, permissions: [], readOnly: true } });
    await screen.findByRole('article', { name: 'Not mine' });
    for (const name of ['New Idea', 'Edit Not mine', 'Delete Not mine', 'Convert to Campaign']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('should ask signed-out visitors to sign in', async () => {
    quiet();
    const client = createMemoryClient();
    client.control.failAlways('auth.user');
    renderWidget(<IdeasBoard />, { client });
    expect(await screen.findByText('Please sign in to access campaign ideas.')).toBeInTheDocument();
  });
});
