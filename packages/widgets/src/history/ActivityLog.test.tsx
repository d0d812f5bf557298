import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { createMemoryClient } from '../testing/memory-client';
import { renderWidget } from '../testing/render';
import { ActivityLog, activityQuery } from './ActivityLog';

const at = () => new Date(2026, 2, 11, 10, 0);

describe('ActivityLog', () => {
  it('should show the whole log newest first, naming each record', async () => {
    const client = createMemoryClient({ now: at, users: [{ id: 'u-bo', email: 'bo@example.com', role: null }] });
    const c = await client.campaigns.create({ title: 'Launch', planning_start_date: '2026-03-01', live_date: '2026-03-10' });
    client.control.editAsSomeoneElse(c.id, { title: 'Launch 2' }, 'bo@example.com');
    renderWidget(<ActivityLog headingLevel={1} />, { client, at });
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Changes, newest first' })).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual([
      'bo@example.com changed Campaign Title Launch → Launch 2, less than a minute ago',
      // The server keeps no row in a create entry: the sentence names the kind of record only.
      'admin@cadence.demo created a campaign, less than a minute ago',
    ]);
  });

  it('should filter by person and kind of record', async () => {
    const client = createMemoryClient({ now: at, campaigns: [makeCampaign({ title: 'A' })], users: [{ id: 'u-bo', email: 'bo@example.com', role: null }] });
    const id = client.control.campaigns()[0]!.id;
    await client.campaigns.update(id, { title: 'Mine' });
    client.control.editAsSomeoneElse(id, { title: 'Theirs' }, 'bo@example.com');
    const { user } = renderWidget(<ActivityLog />, { client, at });
    await screen.findAllByRole('listitem');
    await user.selectOptions(screen.getByLabelText('Person'), 'admin@cadence.demo');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem')).toHaveTextContent('Campaign Title A → Mine');
    await user.selectOptions(screen.getByLabelText('Kind of record'), 'events');
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
  });

  it('should deny everyone but administrators', async () => {
    renderWidget(<ActivityLog />, { at, user: { role: null, permissions: [] } });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('activityQuery', () => {
  it('should leave out empty filters and include the whole last day', () => {
    expect(activityQuery({ actor: '', resource: '', since: '', until: '' })).toEqual({});
    expect(activityQuery({ actor: 'u1', resource: 'ads', since: '2026-03-01', until: '2026-03-31' }))
      .toEqual({ actor: 'u1', resource: 'ads', since: '2026-03-01', until: '2026-04-01' });
    expect(activityQuery({ actor: '', resource: '', since: '2026-13-01', until: 'x' })).toEqual({});
  });

  it('should end the last day at the next one across a year end and a leap day, and the last possible day at nothing', () => {
    expect(activityQuery({ actor: '', resource: '', since: '', until: '2026-12-31' })).toEqual({ until: '2027-01-01' });
    expect(activityQuery({ actor: '', resource: '', since: '', until: '2028-02-29' })).toEqual({ until: '2028-03-01' });
    expect(activityQuery({ actor: '', resource: '', since: '', until: '9999-12-31' })).toEqual({});
  });
});
