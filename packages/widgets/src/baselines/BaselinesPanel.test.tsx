import type { Baseline } from '@cadence/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MEMORY_USER_ID } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { BaselinesPanel } from './BaselinesPanel';

const OTHER = '00000000-0000-4000-8000-0000000000b2';
const baseline = (name: string, at: string, created_by: string | null = DEFAULT_MEMORY_USER_ID, email = 'admin@cadence.demo'): Baseline => ({
  id: `00000000-0000-4000-8000-${String(Math.abs([...name].reduce((h, c) => h * 31 + c.charCodeAt(0), 7)) % 1e12).padStart(12, '0')}`,
  name, at, created_by, created_by_email: email, created_at: at, updated_at: at, version: 1,
});
const Q1 = baseline('Q1 plan', '2026-01-03T09:00:00.000Z');
const THEIRS = baseline('Launch plan', '2026-02-01T08:00:00.000Z', OTHER, 'ann@cadence.demo');

afterEach(() => vi.restoreAllMocks());

describe('BaselinesPanel (Settings → Baselines)', () => {
  it('should list the saved baselines with their moment, who saved them and a link that compares on the timeline', async () => {
    const onOpen = vi.fn();
    renderWidget(<BaselinesPanel onOpen={onOpen} />, { baselines: [Q1, THEIRS] });
    const list = await screen.findByRole('list', { name: 'Saved baselines' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Launch plan');
    expect(rows[0]).toHaveTextContent('saved by ann@cadence.demo');
    expect(rows[1]).toHaveTextContent('Q1 plan');
    expect(rows[1]).toHaveTextContent('2026');
    expect(within(rows[1]!).getByRole('link', { name: 'Compare on the timeline with Q1 plan' })).toHaveAttribute('href', `/?tab=timeline&compare=${Q1.id}`);
    fireEvent.click(within(rows[1]!).getByRole('link'));
    expect(onOpen).toHaveBeenCalledWith(`/?tab=timeline&compare=${Q1.id}`);
  });

  it('should say when there are none yet', async () => {
    renderWidget(<BaselinesPanel />);
    expect(await screen.findByText('No saved baselines yet')).toBeInTheDocument();
  });

  it('should say when the list cannot be loaded, and load it again on request', async () => {
    const { client } = renderWidget(<BaselinesPanel />, { baselines: [Q1] });
    const list = vi.spyOn(client.baselines, 'list').mockRejectedValueOnce(new Error('Network down'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the saved baselines: Network down');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Saved baselines' })).toHaveTextContent('Q1 plan');
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('should rename in place, naming the field of a duplicate', async () => {
    const { client } = renderWidget(<BaselinesPanel />, { baselines: [Q1, THEIRS] });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Q1 plan' }));
    const form = screen.getByRole('form', { name: 'Rename Q1 plan' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'launch PLAN' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await within(form).findByText('A baseline named “launch PLAN” already exists')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Q1 plan, approved 3 Jan' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('button', { name: 'Rename Q1 plan, approved 3 Jan' })).toBeInTheDocument();
    expect((await client.baselines.list()).map((b) => b.name)).toContain('Q1 plan, approved 3 Jan');
  });

  it('should delete after confirmation, and Undo should save the same name and moment again', async () => {
    const { client, toasts } = renderWidget(<BaselinesPanel />, { baselines: [Q1] });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Q1 plan' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete baseline' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete baseline' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Baseline deleted' }));
    expect(await screen.findByText('No saved baselines yet')).toBeInTheDocument();
    toasts.at(-1)!.action!.onSelect();
    expect(await screen.findByRole('list', { name: 'Saved baselines' })).toHaveTextContent('Q1 plan');
    expect(await client.baselines.list()).toEqual([expect.objectContaining({ name: 'Q1 plan', at: Q1.at })]);
  });

  it('should tell an access key that saved baselines are people’s, instead of loading forever', async () => {
    renderWidget(<BaselinesPanel />, { baselines: [Q1], user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }], readOnly: true } as never });
    expect(await screen.findByText('Saved baselines belong to people: sign in to see them.')).toBeInTheDocument();
    expect(screen.queryByText('Loading the saved baselines…')).toBeNull();
  });

  it('should show the list read-only to someone who may not change a baseline', async () => {
    renderWidget(<BaselinesPanel />, { baselines: [THEIRS], user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }] } as never });
    const list = await screen.findByRole('list', { name: 'Saved baselines' });
    expect(within(list).getByRole('link', { name: 'Compare on the timeline with Launch plan' })).toBeInTheDocument();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Only administrators and whoever saved a baseline can rename or delete it/)).toBeInTheDocument();
  });
});

async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('BaselinesPanel accessibility (axe)', { timeout: 30_000 }, () => {
  for (const width of [390, 1280]) {
    it(`should pass at ${width} px: the list, renaming and the confirmation`, async () => {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width, height: 800, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 800, toJSON: () => ({}) }));
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
      renderWidget(<BaselinesPanel headingLevel={1} />, { baselines: [Q1, THEIRS] });
      await screen.findByRole('list', { name: 'Saved baselines' });
      expect(await seriousViolations()).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Rename Q1 plan' }));
      await screen.findByRole('form', { name: 'Rename Q1 plan' });
      expect(await seriousViolations()).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Delete Launch plan' }));
      await screen.findByRole('alertdialog', { name: 'Delete baseline' });
      expect(await seriousViolations()).toEqual([]);
    });
  }
});
