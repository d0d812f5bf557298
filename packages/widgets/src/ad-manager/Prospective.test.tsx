import { screen, waitFor, within } from '@testing-library/react';
import writeExcelFile from 'write-excel-file/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleWorkspace } from '../testing/fixtures-more';
import { openDialog, renderWidget } from '../testing/render';
import { AdManager } from './AdManager';

const data = () => sampleWorkspace('2026-03-11');
const rows = () => screen.getAllByRole('row').slice(1);
afterEach(() => vi.unstubAllGlobals());

async function openUpload() {
  const r = renderWidget(<AdManager tab="prospective" />, data());
  await r.user.click(await screen.findByRole('button', { name: 'Upload Excel' }));
  return { ...r, d: within(await openDialog('Upload Excel')) };
}

describe('Prospective Pubs', () => {
  it('should list the columns with View Kit, No link, Visit and https:// completion', async () => {
    renderWidget(<AdManager tab="prospective" />, data());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Publication', 'Region', 'Industry', 'Audience', 'Media Kit', 'Website', 'Contacts', 'Notes']);
    expect(screen.getByRole('link', { name: 'Visit Mining Monthly' })).toHaveAttribute('href', 'https://miningmonthly.example');
    expect(screen.getByRole('link', { name: 'View Kit of Mining Monthly' })).toHaveAttribute('href', 'https://miningmonthly.example/kit');
    expect(within(rows()[1]!).getByText('No link')).toBeInTheDocument();
  });

  it('should search over name, region, industry and audience, with both empty texts', async () => {
    const { user, unmount } = renderWidget(<AdManager tab="prospective" />, data());
    await waitFor(() => expect(rows()).toHaveLength(2));
    const search = screen.getByRole('searchbox', { name: 'Search prospective publications' });
    for (const [q, n] of [['apac', 1], ['water', 1], ['owners', 1], ['mining', 1], ['zzz', 0]] as const) {
      await user.clear(search);
      await user.type(search, q);
      if (n) expect(rows()).toHaveLength(n);
    }
    expect(screen.getByText('No publications found matching your search')).toBeInTheDocument();
    unmount();
    renderWidget(<AdManager tab="prospective" />);
    expect(await screen.findByText('No prospective publications yet')).toBeInTheDocument();
  });

  it('should list contacts\' e-mails and copy them', async () => {
    const { user, toasts } = renderWidget(<AdManager tab="prospective" />, data());
    await user.click(await screen.findByRole('button', { name: /emails? of Mining Monthly$/ }));
    const pop = screen.getByRole('dialog', { name: 'Contacts' });
    expect(within(pop).getAllByRole('listitem').map((li) => li.textContent?.replace(/[⧉✓]/g, ''))).toEqual(['ana@miningmonthly.example', 'ads@miningmonthly.example']);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(pop).getByRole('button', { name: 'Copy ana@miningmonthly.example' }));
    expect(writeText).toHaveBeenCalledWith('ana@miningmonthly.example');
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Email copied to clipboard'));
    writeText.mockRejectedValueOnce(new Error('no'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(within(pop).getByRole('button', { name: 'Copy ads@miningmonthly.example' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Failed to copy email', variant: 'destructive' }));
  });

  it('should add a prospective publication with a trimmed name', async () => {
    const { user, client, toasts } = renderWidget(<AdManager tab="prospective" />, data());
    await user.click(await screen.findByRole('button', { name: 'Add Prospective Pub' }));
    const d = within(await openDialog('Add Prospective Pub'));
    await user.type(d.getByLabelText(/Publication Name/), '   ');
    await user.click(d.getByRole('button', { name: 'Add Prospective Pub' }));
    expect(d.getByLabelText(/Publication Name/)).toHaveAccessibleDescription('Publication name is required');
    await user.type(d.getByLabelText(/Publication Name/), 'Tunnels ');
    await user.click(d.getByRole('button', { name: 'Add Prospective Pub' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Prospective publication added successfully'));
    expect(client.control.data().prospective.find((p) => p.name === 'Tunnels')).toMatchObject({ region: null, website: null });
  });

  it('should download the template', async () => {
    const createObjectURL = vi.fn(() => 'blob:template');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('prospective_publications_template.csv');
    });
    const { user, d, toasts } = await openUpload();
    await user.click(d.getByRole('button', { name: 'Download Template' }));
    expect(click).toHaveBeenCalledOnce();
    expect(toasts.at(-1)?.title).toBe('Template downloaded');
  });

  it('should import a CSV through the server and report the count', async () => {
    const { user, d, client, toasts } = await openUpload();
    const csv = 'Name,Region,Industry,Audience,Website,Media Kit Link,Contacts,Notes\n"Rail, Weekly",NA,Rail,Engineers,see rail.example please,,,\n,EMEA\nBridges,EMEA\n';
    await user.upload(d.getByLabelText('File (.csv, .xlsx, .xls)'), new File([csv], 'pubs.csv', { type: 'text/csv' }));
    await user.click(d.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Successfully imported 2 publication(s)'));
    expect(client.control.data().prospective.find((p) => p.name === 'Rail, Weekly')).toMatchObject({ website: 'rail.example' });
  });

  it('should send an .xlsx file as it is, for the server to read', async () => {
    const { user, d, client, toasts } = await openUpload();
    const buffer = await writeExcelFile([['Name', 'Region'], ['Xlsx Weekly', 'APAC']]).toBuffer();
    const sent: Array<Blob | string> = [];
    vi.spyOn(client.prospective, 'importFile').mockImplementation(async (file) => {
      sent.push(file);
      return { rows: 1, imported: 1, skipped: [] };
    });
    const xlsx = new File([new Uint8Array(buffer)], 'pubs.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(d.getByLabelText('File (.csv, .xlsx, .xls)'), xlsx);
    await user.click(d.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Successfully imported 1 publication(s)'));
    // No conversion in the browser: the very file, its bytes and type.
    expect(sent).toEqual([xlsx]);
  });

  it.each([
    ['Name\n', 'Failed to upload: File must contain at least a header row and one data row'],
    ['Name,Region\n,NA\n', 'Failed to upload: No valid publications found in file'],
  ])('should report a refused file', async (csv, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, d, toasts } = await openUpload();
    await user.upload(d.getByLabelText('File (.csv, .xlsx, .xls)'), new File([csv], 'bad.csv', { type: 'text/csv' }));
    await user.click(d.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: message, variant: 'destructive' }));
  });

  it('should say Unknown error when the server gives no message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, d, client, toasts } = await openUpload();
    client.control.failNext('prospective.importFile', Object.assign(new Error(''), { message: '' }));
    await user.upload(d.getByLabelText('File (.csv, .xlsx, .xls)'), new File(['Name\nA\n'], 'a.csv', { type: 'text/csv' }));
    await user.click(d.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Failed to upload: Unknown error'));
  });
});
