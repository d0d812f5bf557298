import type { CalendarMode, CampaignFilter, ScheduleView } from '@cadence/core';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Gantt } from '../gantt/Gantt';
import { makeCampaign } from '../testing/fixtures';
import { renderWidget } from '../testing/render';
import { Calendar } from './Calendar';

// A host that keeps the calendar's view itself, as the app keeps it in the address (docs/adr/0029).
interface View { view: ScheduleView; mode: CalendarMode; date?: string; filter: CampaignFilter }
let history: View[] = [];

function Host({ initial }: { initial: View }) {
  const [view, setView] = useState<View>(initial);
  const push = (patch: Partial<View>) => {
    const next = { ...view, ...patch };
    history.push(next);
    setView(next);
  };
  return (
    <>
      <button type="button" onClick={() => setView(history.at(-2) ?? initial)}>Back</button>
      <Calendar view={view.view} mode={view.mode} {...(view.date ? { date: view.date } : {})} filter={view.filter}
        onViewChange={(v) => push({ view: v })} onModeChange={(m) => push({ mode: m })} onDateChange={(d) => push({ date: d })} />
    </>
  );
}

const campaigns = [
  makeCampaign({ title: 'Email push', channels: ['email'], status: 'live', planning_start_date: '2026-03-09', live_date: '2026-03-12' }),
  makeCampaign({ title: 'Paid push', channels: ['paid'], status: 'live', planning_start_date: '2026-03-10', live_date: '2026-03-13' }),
];

describe('Calendar driven by its host', () => {
  it('reports the user\'s changes and follows the host back to an earlier view', async () => {
    history = [];
    const { user } = renderWidget(<Host initial={{ view: 'planning', mode: 'month', filter: {} }} />, { campaigns });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(history.at(-1)).toMatchObject({ date: '2026-04-11' });
    expect(screen.getByText('April 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Live Schedule' }));
    expect(history.at(-1)).toMatchObject({ view: 'live', date: '2026-04-11' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Planning Timeline' })).toBeInTheDocument();
    expect(screen.getByText('April 2026')).toBeInTheDocument();
  });

  it('plots only the campaigns that pass the filter', async () => {
    renderWidget(<Calendar filter={{ channel: ['email'], status: 'live' }} />, { campaigns });
    await waitFor(() => expect(screen.getAllByText('Email push').length).toBeGreaterThan(0));
    expect(screen.queryByText('Paid push')).not.toBeInTheDocument();
  });

  it('lets the Gantt follow a range and date it is given', async () => {
    function GanttHost() {
      const [range, setRange] = useState<'month' | 'year'>('month');
      return (
        <>
          <button type="button" onClick={() => setRange('year')}>Year please</button>
          <Gantt range={range} date="2026-03-11" />
        </>
      );
    }
    const { user } = renderWidget(<GanttHost />, { campaigns });
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Year please' }));
    expect(screen.getByRole('button', { name: 'Year' })).toHaveAttribute('aria-pressed', 'true');
  });
});
