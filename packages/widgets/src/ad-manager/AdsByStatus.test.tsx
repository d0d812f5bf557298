import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleWorkspace } from '../testing/fixtures-more';
import { openDialog, renderWidget } from '../testing/render';
import { AdManager } from './AdManager';

const data = () => sampleWorkspace('2026-03-11');
const viewer = { role: null, permissions: [{ permission_type: 'global_view' as const, channel: null }] };
const writeText = vi.fn(async (_: string) => {});

/** user-event installs its own clipboard on setup; replace it after rendering. */
const stubClipboard = () => Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
beforeEach(() => writeText.mockReset());
afterEach(() => vi.useRealTimers());

const rows = () => screen.getAllByRole('row').slice(1);

describe('Ads by Status', () => {
  it('should show the table columns, tabs with counts and filter by publication', async () => {
    const { user } = renderWidget(<AdManager />, data());
    expect(screen.getByText('Loading ads...')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Status', 'Publication', 'Ad Type', 'Where it Shows', 'Copy Needs', 'Image Needs', 'Due Date', 'Live Date', 'Content',
      'Copy/Images Link', 'Region', 'Audience', 'Industry', 'Notes', 'Actions',
    ]);
    const statusTabs = within(screen.getByRole('tablist', { name: 'Ad status' })).getAllByRole('tab').map((t) => t.textContent);
    expect(statusTabs).toEqual(['All (4)', 'New (1)', 'Content Requested (1)', 'Content Ready (1)', 'Live (1)']);
    await user.selectOptions(screen.getByLabelText('Publication'), 'Power Today');
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'All (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Live (0)' }));
    expect(screen.getByText('No ads in this status yet.')).toBeInTheDocument();
  });

  it('should move to the tab of a new status and save it', async () => {
    const { user, client, toasts } = renderWidget(<AdManager />, data());
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Status of Power Today Sidebar' })[0]!, 'live');
    expect(screen.getByRole('tab', { name: /^Live/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Ad updated successfully'));
    expect(client.control.data().ads.filter((a) => a.status === 'live')).toHaveLength(2);
  });

  it('should edit content, link and notes inline and save on blur', async () => {
    const { user, client, toasts } = renderWidget(<AdManager />, data());
    await waitFor(() => expect(rows()).toHaveLength(4));
    const row = rows().find((r) => r.textContent?.includes('Content Requested') && r.textContent.includes('Sidebar'))!;
    expect(within(row).getAllByText('Click to add')).toHaveLength(3);
    await user.click(within(row).getByRole('button', { name: 'Content: Click to add' }));
    await user.type(within(row).getByRole('textbox', { name: 'Content' }), 'New headline');
    fireEvent.blur(within(row).getByRole('textbox', { name: 'Content' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Ad updated successfully'));
    expect(client.control.calls.filter((c) => c.op === 'ads.update').at(-1)?.args[1]).toEqual({ content: 'New headline' });
  });

  it('should roll back and toast a failed update', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, client, toasts } = renderWidget(<AdManager />, data());
    await waitFor(() => expect(rows()).toHaveLength(4));
    client.control.failNext('ads.update');
    await user.click(screen.getAllByRole('button', { name: 'Notes: Click to add' })[0]!);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'x');
    fireEvent.blur(screen.getByRole('textbox', { name: 'Notes' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Failed to update ad', variant: 'destructive' }));
  });

  it('should copy needs with the spec toasts and reset the indicator after 2 seconds', async () => {
    const { user, toasts } = renderWidget(<AdManager />, data());
    const copy = (await screen.findAllByRole('button', { name: 'Copy Copy needs' }))[0]!;
    stubClipboard();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith('Headline up to 60 characters');
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Copied to clipboard', description: 'Copy needs copied successfully' }));
    expect(screen.getByRole('button', { name: 'Copy needs copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('button', { name: 'Copy needs copied' })).not.toBeInTheDocument();
    writeText.mockRejectedValueOnce(new Error('denied'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getAllByRole('button', { name: 'Copy Image needs' })[0]!);
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Failed to copy', description: 'Please try again', variant: 'destructive' }));
  });

  it('should show the example image or the empty texts', async () => {
    const { user } = renderWidget(<AdManager />, data());
    await user.click((await screen.findAllByRole('button', { name: 'View example of Top Banner' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Ad Type Example' });
    expect(within(dialog).getByRole('img', { name: 'Example of Top Banner' })).toHaveAttribute('src', expect.stringContaining('banner.png'));
    await user.keyboard('{Escape}');
    await user.click(screen.getAllByRole('button', { name: 'View example of Sidebar' })[0]!);
    expect(screen.getByText('No example available')).toBeInTheDocument();
    expect(screen.getByText('There is no example image for this ad type.')).toBeInTheDocument();
  });

  it('should show publication details in a popover', async () => {
    const { user } = renderWidget(<AdManager />, data());
    await user.click((await screen.findAllByRole('button', { name: 'Power Today details' }))[0]!);
    const pop = screen.getByRole('dialog', { name: 'Power Today' });
    expect(pop).toHaveTextContent('IndustryPower, RenewablesAudienceEngineersRegionEMEA');
  });

  it('should ask before deleting an ad', async () => {
    const { user, client, toasts } = renderWidget(<AdManager />, data());
    await user.click((await screen.findAllByRole('button', { name: 'Delete Power Today Sidebar' }))[0]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Ad Campaign?' });
    expect(dialog).toHaveAccessibleDescription('This action cannot be undone. This will permanently delete this ad campaign.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Ad deleted successfully'));
    expect(client.control.data().ads).toHaveLength(3);
  });

  it('should validate the new ad and only offer the chosen publication\'s ad types', async () => {
    const { user, client, toasts } = renderWidget(<AdManager />, data());
    await user.click(await screen.findByRole('button', { name: 'Add Ad Campaign' }));
    const d = within(await openDialog('Add Ad Campaign'));
    expect(d.getByLabelText(/Ad Type/)).toBeDisabled();
    await user.click(d.getByRole('button', { name: 'Add Ad Campaign' }));
    for (const label of [/^Publication/, /Ad Type/, /Due Date/, /Live Date/]) {
      expect(d.getByLabelText(label)).toBeInvalid();
      expect(d.getByLabelText(label)).toHaveAccessibleDescription('Please fill in all required fields');
    }
    expect(d.getByLabelText(/^Publication/)).toHaveFocus();
    expect(d.getByLabelText('Content')).toBeValid();
    await user.selectOptions(d.getByLabelText(/^Publication/), 'Construction Weekly');
    await waitFor(() => expect(d.getByLabelText(/Ad Type/)).toBeEnabled());
    await waitFor(() => expect(within(d.getByLabelText(/Ad Type/)).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select ad type', 'Text Ad - $400.00', 'Top Banner - $1500.00']));
    await user.selectOptions(d.getByLabelText(/Ad Type/), 'Top Banner - $1500.00');
    await user.selectOptions(d.getByLabelText(/^Publication/), 'Power Today');
    expect(d.getByLabelText(/Ad Type/)).toHaveValue('');
    await user.selectOptions(d.getByLabelText(/Ad Type/), 'Sidebar');
    await user.type(d.getByLabelText(/Due Date/), '2026-04-01');
    await user.type(d.getByLabelText(/Live Date/), '2026-04-10');
    await user.type(d.getByLabelText('Copy & Images Link'), 'not a link');
    await user.click(d.getByRole('button', { name: 'Add Ad Campaign' }));
    expect(d.getByLabelText('Copy & Images Link')).toHaveAccessibleDescription('Please enter a valid URL');
    expect(d.getByLabelText(/Due Date/)).toBeValid();
    await user.clear(d.getByLabelText('Copy & Images Link'));
    await user.click(d.getByRole('button', { name: 'Add Ad Campaign' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Ad campaign created successfully'));
    expect(client.control.data().ads).toHaveLength(5);
  });

  it('should say when a publication has no ad types', async () => {
    const ws = data();
    const { user } = renderWidget(<AdManager />, { ...ws, adTypes: ws.adTypes!.filter((t) => t.ad_type !== 'Sidebar') });
    await user.click(await screen.findByRole('button', { name: 'Add Ad Campaign' }));
    const d = within(await openDialog());
    await user.selectOptions(d.getByLabelText(/^Publication/), 'Power Today');
    expect(await d.findByRole('option', { name: 'No ad types available - Add them in Publications tab' })).toBeInTheDocument();
  });

  it('should hide every editing action from read-only sessions', async () => {
    renderWidget(<AdManager />, { ...data(), user: viewer });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Add Ad Campaign' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('combobox', { name: /^Status of/ })).toHaveLength(0);
    expect(screen.queryByText('Click to add')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });
});

describe('Ads by Status edit dialog', () => {
  it('should edit every field of an ad', async () => {
    const { user, client, toasts } = renderWidget(<AdManager />, data());
    await user.click((await screen.findAllByRole('button', { name: 'Edit Power Today Sidebar' }))[0]!);
    const d = within(await openDialog('Edit Ad Campaign'));
    expect(d.getByLabelText(/^Publication/)).toHaveDisplayValue('Power Today');
    await user.type(d.getByLabelText('Region'), 'EMEA');
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Ad updated successfully'));
    expect(client.control.data().ads.some((a) => a.region === 'EMEA')).toBe(true);
  });
});

describe('Ads by Status status changes', () => {
  it('should send each quick status change with the version the previous one produced', async () => {
    const { user, client, toasts } = renderWidget(<AdManager />, data());
    await waitFor(() => expect(rows()).toHaveLength(4));
    const select = () => screen.getAllByRole('combobox', { name: 'Status of Power Today Sidebar' })[0]!;
    await user.selectOptions(select(), 'content_ready');
    await user.selectOptions(select(), 'live');
    await waitFor(() => expect(client.control.calls.filter((c) => c.op === 'ads.update')).toHaveLength(2));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Ad updated successfully'));
    expect(toasts.some((t) => t.title === 'Failed to update ad')).toBe(false);
    const versions = client.control.calls.filter((c) => c.op === 'ads.update').map((c) => (c.args[2] as { version: number }).version);
    expect(versions).toEqual([versions[0], versions[0]! + 1]);
  });
});
