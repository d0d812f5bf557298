import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleWorkspace } from '../testing/fixtures-more';
import { openDialog, renderWidget } from '../testing/render';
import { AdManager } from './AdManager';

const data = () => sampleWorkspace('2026-03-11');
const cards = () => screen.getAllByRole('article');

describe('Publications', () => {
  it('should search over name, region, audience, category, description and tags', async () => {
    const { user } = renderWidget(<AdManager tab="publications" />, data());
    await waitFor(() => expect(cards()).toHaveLength(2));
    const search = screen.getByRole('searchbox', { name: 'Search publications' });
    for (const [q, names] of [['emea', ['Power Today']], ['contractors', ['Construction Weekly']], ['magazine', ['Power Today']],
      ['digest', ['Construction Weekly']], ['renew', ['Power Today']], ['weekly', ['Construction Weekly']]] as const) {
      await user.clear(search);
      await user.type(search, q);
      expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual(names);
    }
    await user.type(search, 'zzz');
    expect(screen.getByText('No publications match your search.')).toBeInTheDocument();
  });

  it('should show a card with category, description, audience, region, tag chips and notes', async () => {
    renderWidget(<AdManager tab="publications" />, data());
    const card = await screen.findByRole('article', { name: 'Construction Weekly' });
    for (const t of ['Newsletter', 'Weekly industry digest.', 'Audience: Contractors', 'Region: NA', 'Construction', 'Infrastructure', 'Book 4 weeks ahead.']) {
      expect(within(card).getByText(t)).toBeInTheDocument();
    }
  });

  it('should say when there are no publications', async () => {
    renderWidget(<AdManager tab="publications" />);
    expect(await screen.findByText("No publications yet. Click 'Add Publication' to create one.")).toBeInTheDocument();
  });

  it('should add a publication with only the name enforced and tags split', async () => {
    const { user, client, toasts } = renderWidget(<AdManager tab="publications" />, data());
    await user.click(await screen.findByRole('button', { name: 'Add Publication' }));
    const d = within(await openDialog('Add Publication'));
    await user.click(d.getByRole('button', { name: 'Add Publication' }));
    expect(d.getByText('Publication name is required')).toBeInTheDocument();
    await user.type(d.getByLabelText(/Publication Name/), 'Rail Review');
    await user.type(d.getByLabelText('Industry Tags (comma-separated)'), 'Rail, , Transit ');
    await user.click(d.getByRole('button', { name: 'Add Publication' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Publication added successfully'));
    expect(client.control.data().publications.find((p) => p.name === 'Rail Review')).toMatchObject({ industry_tags: ['Rail', 'Transit'], category: null, region: null });
  });

  it('should edit and delete with a warning that ads go too', async () => {
    const { user, client, toasts } = renderWidget(<AdManager tab="publications" />, data());
    await user.click(await screen.findByRole('button', { name: 'Edit Power Today' }));
    await openDialog('Edit Publication');
    await user.clear(screen.getByLabelText(/Region/));
    await user.type(screen.getByLabelText(/Region/), 'Global');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Publication updated successfully'));
    await user.click(screen.getByRole('button', { name: 'Delete Power Today' }));
    const alert = screen.getByRole('alertdialog');
    expect(alert).toHaveTextContent('This will permanently delete the publication and all associated ad campaigns. This action cannot be undone.');
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Publication deleted successfully'));
    expect(client.control.data().ads.every((a) => a.publication_name !== 'Power Today' && a.publication_id !== client.control.data().publications.find((p) => p.name === 'Power Today')?.id)).toBe(true);
    expect(client.control.data().ads).toHaveLength(2);
  });

  it('should add and edit ad types, upload an example and confirm deletion', async () => {
    const confirm = vi.fn(() => true);
    const { user, client, toasts } = renderWidget(<AdManager tab="publications" confirm={confirm} />, data());
    await user.click(await screen.findByRole('button', { name: 'Manage ad types of Power Today' }));
    const d = within(await openDialog('Ad Types: Power Today'));
    await user.click(await d.findByRole('button', { name: 'Add Ad Type' }));
    await user.click(d.getByRole('button', { name: 'Add Ad Type' }));
    expect(d.getByLabelText(/Ad Type Name/)).toHaveAccessibleDescription('Ad type name is required');
    await user.type(d.getByLabelText(/Ad Type Name/), 'Footer');
    await user.type(d.getByLabelText('Cost ($)'), '12.345');
    const link = d.getByLabelText('Example Image Link');
    const file = () => d.getByLabelText('Or Upload Example Image');
    await user.type(link, 'https://x.example/a.png');
    expect(file()).toBeDisabled();
    await user.clear(link);
    expect(file()).toBeEnabled();
    await user.upload(file(), new File(['x'.repeat(10)], 'ex.png', { type: 'image/png' }));
    await user.click(d.getByRole('button', { name: 'Add Ad Type' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Ad type added successfully'));
    const saved = client.control.data().adTypes.find((t) => t.ad_type === 'Footer');
    expect(saved).toMatchObject({ cost: 12.35, example_image_url: expect.stringContaining('https://storage.cadence.test/ad-type-examples/') });
    await user.click(await d.findByRole('button', { name: 'Edit Footer' }));
    expect(d.getByLabelText('Cost ($)')).toHaveValue(12.35);
    await user.click(d.getByRole('button', { name: 'Update Ad Type' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Ad type updated successfully'));
    await user.click(await d.findByRole('button', { name: 'Delete Footer' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this ad type?');
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Ad type deleted successfully'));
  });

  it('should refuse big images and keep the old link when an upload fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, client, toasts } = renderWidget(<AdManager tab="publications" />, data());
    await user.click(await screen.findByRole('button', { name: 'Manage ad types of Construction Weekly' }));
    const d = within(await openDialog());
    await user.click(await d.findByRole('button', { name: 'Edit Top Banner' }));
    expect(d.getByLabelText('Or Upload Example Image')).toBeDisabled();
    await user.clear(d.getByLabelText('Example Image Link'));
    await user.upload(d.getByLabelText('Or Upload Example Image'), new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(d.getByLabelText('Or Upload Example Image')).toHaveAccessibleDescription('Image must be less than 5MB');
    await user.upload(d.getByLabelText('Or Upload Example Image'), new File(['x'], 'ok.png', { type: 'image/png' }));
    client.control.failNext('storage.upload');
    await user.click(d.getByRole('button', { name: 'Update Ad Type' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Failed to upload image'));
    await waitFor(() => expect(client.control.calls.some((c) => c.op === 'adTypes.update')).toBe(true));
    expect(client.control.data().adTypes.find((t) => t.ad_type === 'Top Banner')?.example_image_url).toBe('https://storage.cadence.test/ad-type-examples/banner.png');
  });

  it('should show the server message when an ad type cannot be saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, client, toasts } = renderWidget(<AdManager tab="publications" />, data());
    await user.click(await screen.findByRole('button', { name: 'Manage ad types of Power Today' }));
    const d = within(await openDialog());
    await user.click(await d.findByRole('button', { name: 'Add Ad Type' }));
    await user.type(d.getByLabelText(/Ad Type Name/), 'X');
    client.control.failNext('adTypes.create');
    await user.click(d.getByRole('button', { name: 'Add Ad Type' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Failed to save ad type', description: 'Simulated server error', variant: 'destructive' }));
  });
});
