import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Calendar } from './calendar/Calendar';
import { CampaignDialog } from './campaign-dialog/CampaignDialog';
import { ChannelBoard } from './channels/ChannelBoard';
import { Gantt } from './gantt/Gantt';
import { CampaignList } from './list/CampaignList';
import { StatCards } from './list/StatCards';
import { FilterBar } from './filters/FilterBar';
import { DEFAULT_MEMORY_USER_ID, createMemoryClient, type MemoryClientOptions } from './testing/memory-client';
import { AdManager } from './ad-manager/AdManager';
import { EventsBoard } from './events/EventsBoard';
import { IdeasBoard } from './ideas/IdeasBoard';
import { PermissionsPanel } from './permissions/PermissionsPanel';
import { sampleCampaigns, sampleVirtualCampaigns } from './testing/fixtures';
import { VIEWER_ID, makeTask, sampleWorkspace, withTaskSummary } from './testing/fixtures-more';
import { MyWork } from './tasks/MyWork';
import { NewFromTemplateDialog } from './templates/NewFromTemplateDialog';
import { ImportCampaignsDialog } from './imports/ImportCampaignsDialog';
import { TemplatesPanel } from './templates/TemplatesPanel';
import { WorkingDaysPanel } from './working-calendar/WorkingDaysPanel';
import { WebhooksPanel } from './webhooks/WebhooksPanel';
import { sampleTemplate } from './testing/fixtures-templates';
import { renderWidget, type RenderWidgetResult } from './testing/render';

const TODAY = '2026-03-11';

/** The sample campaigns with tasks (some overdue, some done, some assigned to the viewer), and their summaries. */
function withTasks(assignee: string) {
  const campaigns = sampleCampaigns(TODAY);
  const [first, second] = campaigns as [(typeof campaigns)[0], (typeof campaigns)[0]];
  const a = makeTask(first, { title: 'Write the launch copy', due_date: '2026-03-09', assignee_id: assignee, required: true });
  const b = makeTask(first, { title: 'Design the banner', due_date: '2026-03-13', status: 'in_progress', note: 'Two sizes' }, [a]);
  const c = makeTask(first, { title: 'Book the webinar slot', status: 'done' }, [a, b]);
  const d = makeTask(second, { title: 'Segment the list', due_date: '2026-04-02', assignee_id: assignee }, []);
  const tasks = [a, b, c, d];
  return { campaigns: campaigns.map((x) => withTaskSummary(x, tasks)), tasks };
}
const viewer = { role: null, permissions: [{ permission_type: 'global_view' as const, channel: null }] };

/** Serious and critical violations in the whole document (dialogs portal out of the container). */
async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

type State = [name: string, options: MemoryClientOptions & { failList?: boolean }, then?: (r: RenderWidgetResult) => Promise<void>];

const STATES: State[] = [
  ['with campaigns', { campaigns: sampleCampaigns(TODAY), virtual: sampleVirtualCampaigns(TODAY) }],
  ['empty', {}],
  ['loading', { latencyMs: 60_000 }],
  ['failing', { campaigns: [], failList: true }],
  ['read-only', { campaigns: sampleCampaigns(TODAY), user: viewer }],
  // Closed days of the working calendar, shaded and named (docs/adr/0052).
  ['closed days', { campaigns: sampleCampaigns(TODAY), workingCalendar: { weekend: [5, 6], closed_days: [
    { day: '2026-03-13', label: 'Company offsite', kind: 'blackout', source: 'manual', created_by: null, created_at: '2026-01-01T00:00:00.000Z' },
  ] } }],
];

const WIDGETS: Array<[string, () => ReactElement]> = [
  ['Calendar', () => <Calendar />],
  ['Calendar (week, live)', () => <Calendar mode="week" view="live" />],
  ['Gantt', () => <Gantt />],
  ['ChannelBoard', () => <ChannelBoard />],
  ['CampaignList', () => <CampaignList />],
  ['StatCards', () => <StatCards />],
  ['FilterBar', () => <FilterBar />],
  ['FilterBar (filtered)', () => <FilterBar value={{ channel: ['email', 'social'], status: 'live', q: 'launch', assignee: 'me', overdue: '1' }} />],
];

async function check(ui: ReactElement, { failList, ...options }: State[1], then?: State[2]) {
  const client = createMemoryClient({ now: () => new Date(2026, 2, 11, 10), ...options });
  if (failList) for (const op of ['campaigns.list', 'campaigns.page', 'campaigns.stats']) client.control.failAlways(op);
  const r = renderWidget(ui, { client });
  if (!options.latencyMs) await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  await then?.(r);
  expect(await seriousViolations()).toEqual([]);
}

// axe walks the whole tree: seconds per state on a loaded machine, so a slow run is not a failure.
describe('accessibility (axe: no serious or critical violations)', { timeout: 30_000 }, () => {
  for (const [widget, ui] of WIDGETS) {
    for (const [state, options] of STATES) {
      it(`should pass for ${widget}, ${state}`, () => check(ui(), options));
    }
  }

  const data = { campaigns: sampleCampaigns(TODAY), virtual: sampleVirtualCampaigns(TODAY) };
  it('should pass with the day dialog and its card menu open', () =>
    check(<Calendar />, data, async ({ user }) => {
      await user.click(screen.getByRole('gridcell', { name: /March 11, 2026/ }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getAllByRole('button', { name: /^Actions for/ })[0]!);
      await screen.findByRole('menu');
    }));

  it('should pass with the delete confirmation open', () =>
    check(<CampaignList />, data, async ({ user }) => {
      await user.click((await screen.findAllByRole('button', { name: /^Actions for / }))[0]!);
      await user.click(await screen.findByRole('menuitem', { name: 'Delete Campaign' }));
      await screen.findByRole('alertdialog');
    }));

  it('should pass with the channel dialog open', () =>
    check(<ChannelBoard />, data, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: /^Open Webinars/ }));
      await screen.findByRole('dialog');
    }));

  it('should pass for the campaign dialog with every channel configuration shown', () =>
    check(<CampaignDialog open onOpenChange={() => {}} />, {}, async ({ user }) => {
      const chips = within(await screen.findByRole('group', { name: 'Marketing Channels' }));
      for (const name of ['Email', 'Social Media', 'Content', 'Events']) await user.click(chips.getByRole('button', { name }));
      await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
      await screen.findByText('Campaign title is required');
    }));

  const tasked = withTasks(DEFAULT_MEMORY_USER_ID);
  it('should pass with task progress and overdue markers on cards, chips and bars', async () => {
    await check(<><Calendar /><CampaignList /><Gantt /></>, tasked);
    expect(screen.getAllByText(/1 of 3 tasks done, overdue/).length).toBeGreaterThan(0);
  });

  it('should pass with approval badges on cards, chips and bars (docs/adr/0056)', async () => {
    const states = ['approved', 'pending', 'changes_requested', 'review_again', 'not_requested'] as const;
    const approving = {
      ...tasked,
      campaigns: tasked.campaigns.map((c, i) => ({ ...c, approval_summary: [{ channel: c.channels[0]!, state: states[i % states.length]! }] })),
    };
    await check(<><Calendar /><CampaignList /><Gantt /></>, approving);
    expect(screen.getAllByText(/^Approval: /).length).toBeGreaterThan(0);
  });

  const tasksTab = async ({ user }: RenderWidgetResult) => {
    await user.click(await screen.findByRole('tab', { name: 'Tasks' }));
    await waitFor(() => expect(screen.queryByText('Loading tasks…')).toBeNull());
  };
  it('should pass for the campaign dialog\'s Tasks tab', () =>
    check(<CampaignDialog open campaign={tasked.campaigns[0]!} onOpenChange={() => {}} />, tasked, async (r) => {
      await tasksTab(r);
      await screen.findByRole('checkbox', { name: 'Done: Design the banner' });
      await r.user.click(screen.getByRole('button', { name: 'Actions for Design the banner' }));
      await screen.findByRole('menu');
    }));
  it('should pass for the campaign dialog\'s Tasks tab, empty', () =>
    check(<CampaignDialog open campaign={tasked.campaigns[2]!} onOpenChange={() => {}} />, tasked, async (r) => {
      await tasksTab(r);
      await screen.findByText('No tasks yet');
    }));
  it('should pass for the campaign dialog\'s Tasks tab, editing a task', () =>
    check(<CampaignDialog open campaign={tasked.campaigns[0]!} onOpenChange={() => {}} />, tasked, async (r) => {
      await tasksTab(r);
      await r.user.click(await screen.findByRole('button', { name: 'Actions for Design the banner' }));
      await r.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
      await screen.findByRole('form', { name: 'Edit Design the banner' });
    }));
  const viewerTasks = withTasks(VIEWER_ID);
  it('should pass for the campaign dialog\'s Tasks tab, read-only with a task of one\'s own', () =>
    check(<CampaignDialog open campaign={viewerTasks.campaigns[0]!} onOpenChange={() => {}} />, { ...viewerTasks, user: { ...viewer, id: VIEWER_ID } }, async (r) => {
      await tasksTab(r);
      await screen.findByRole('checkbox', { name: 'Done: Write the launch copy' });
    }));

  it('should pass for a reader\'s tasks dialog', () =>
    check(<CampaignList />, { ...viewerTasks, user: { ...viewer, id: VIEWER_ID } }, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Tasks of Spring Product Launch' }));
      await screen.findByRole('checkbox', { name: 'Done: Write the launch copy' });
    }));

  it('should pass with the filter bar\'s channel choice open', () =>
    check(<FilterBar />, data, async ({ user }) => {
      await user.click(screen.getByRole('button', { name: /^Channels/ }));
      await screen.findByRole('dialog', { name: 'Channels' });
    }));

  it('should pass for the Gantt with a campaign’s tasks shown, one of them picked up', () => {
    const [first, ...rest] = sampleCampaigns(TODAY);
    const tasks = [
      makeTask(first!, { title: 'Done already', due_date: first!.live_date, status: 'done' }),
      makeTask(first!, { title: 'Late', due_date: first!.planning_start_date }),
    ];
    return check(<Gantt />, { campaigns: [withTaskSummary(first!, tasks), ...rest], tasks }, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: `Show the 2 tasks of ${first!.title}` }));
      const marker = (await screen.findAllByRole('button', { name: /^Late: due/ }))[0]!;
      marker.focus();
      await user.keyboard(' ');
    });
  });

  // Campaign templates (docs/adr/0054): the settings list, its editor with a refused task, the delete
  // confirmation, and "New campaign from template" with its preview and a role left empty.
  const templated = { templates: [sampleTemplate()] };
  it('should pass for the templates panel, listed', () => check(<TemplatesPanel />, templated));
  it('should pass for the templates panel, empty', () => check(<TemplatesPanel />, {}));
  it('should pass for the template editor showing a refused offset', () =>
    check(<TemplatesPanel />, templated, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Edit Product launch' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
      const days = within(within(dialog).getByRole('group', { name: 'Task 2' })).getByLabelText('Working days');
      await user.clear(days);
      await user.type(days, '-9');
      await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
      await within(dialog).findByText(/before the planning start/);
    }));
  it('should pass for the template delete confirmation', () =>
    check(<TemplatesPanel />, templated, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Delete Product launch' }));
      await screen.findByRole('alertdialog', { name: 'Delete template' });
    }));
  // Settings → Working days (docs/adr/0052): listed, empty, loading, failing, refusals shown, the
  // reopen confirmation and an import's summary.
  const closedDay = (day: string, label: string, kind: 'holiday' | 'blackout') => ({ day, label, kind, source: 'manual' as const, created_by: null, created_at: '2026-01-01T00:00:00.000Z' });
  const calendared = { workingCalendar: { weekend: [5, 6], closed_days: [closedDay('2026-01-01', "New Year's Day", 'holiday'), closedDay('2026-03-20', 'Company offsite', 'blackout')] } };
  it('should pass for the working days panel, listed with past days shown', () =>
    check(<WorkingDaysPanel />, calendared, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: /Show past closed days/ }));
    }));
  it('should pass for the working days panel, empty', () => check(<WorkingDaysPanel />, {}));
  it('should pass for the working days panel, loading', () => check(<WorkingDaysPanel />, { latencyMs: 60_000 }));
  it('should pass for the working days panel, failing', async () => {
    const client = createMemoryClient({ now: () => new Date(2026, 2, 11, 10) });
    client.control.failAlways('workingCalendar.get');
    renderWidget(<WorkingDaysPanel />, { client });
    await screen.findByRole('button', { name: 'Try again' });
    expect(await seriousViolations()).toEqual([]);
  });
  it('should pass for the working days panel showing refusals on the weekend, the day and the import', () =>
    check(<WorkingDaysPanel />, calendared, async ({ user }) => {
      for (const d of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await user.click(await screen.findByRole('checkbox', { name: d }));
      await user.click(screen.getByRole('button', { name: 'Save weekend' }));
      await screen.findByText('At least one day of the week must be a working day');
      await user.click(screen.getByRole('button', { name: 'Close day' }));
      await screen.findByText(/A label is required/);
      await act(async () => {
        fireEvent.change(screen.getByLabelText('Import an .ics file'), { target: { files: [new File(['not a calendar'], 'x.ics')] } });
      });
      await screen.findByText(/Not an iCalendar file/);
    }));
  it('should pass for the working days reopen confirmation', () =>
    check(<WorkingDaysPanel />, calendared, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Reopen 2026-03-20 Company offsite' }));
      await screen.findByRole('alertdialog', { name: 'Reopen day' });
    }));
  // Settings → Webhooks (docs/adr/0058): listed with a failed delivery log open, the add dialog with a refusal, the secret, the delete confirmation.
  const hooked = {
    webhooks: [{ id: '00000000-0000-4000-8000-00000000b101', url: 'https://hooks.example.invalid/cadence', description: 'Ops chat', events: ['campaign.created'], format: 'json' as const, active: true, created_by: null, created_at: '2026-03-01T09:00:00.000Z', updated_at: '2026-03-01T09:00:00.000Z', last_delivery: null }],
    webhookDeliveries: [{
      id: '00000000-0000-4000-8000-00000000b201', webhook_id: '00000000-0000-4000-8000-00000000b101', event_id: '00000000-0000-4000-8000-00000000b301', event_type: 'campaign.created', status: 'failed' as const, attempts: 7,
      next_attempt_at: null, status_code: null, error: 'getaddrinfo ENOTFOUND hooks.example.invalid', response_body: null, response_ms: null, created_at: '2026-03-10T08:00:00.000Z', delivered_at: null, payload: {},
    }],
  };
  it('should pass for the webhooks panel with a delivery log open', () =>
    check(<WebhooksPanel />, hooked, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Deliveries of https://hooks.example.invalid/cadence' }));
      await screen.findByRole('list', { name: 'Deliveries of https://hooks.example.invalid/cadence' });
    }));
  it('should pass for the webhooks panel, empty and loading', async () => {
    await check(<WebhooksPanel />, {});
  });
  it('should pass for the add webhook dialog showing a refusal', () =>
    check(<WebhooksPanel />, {}, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
      await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
      await within(dialog).findByText('Choose at least one event');
    }));
  it('should pass for the signing secret shown once', () =>
    check(<WebhooksPanel />, {}, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
      await user.type(within(dialog).getByLabelText(/^URL/), 'https://hooks.example.com/a11y');
      await user.click(within(dialog).getByRole('checkbox', { name: /Every event/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
      await screen.findByRole('dialog', { name: 'Signing secret' });
    }));
  it('should pass for the delete webhook confirmation', () =>
    check(<WebhooksPanel />, hooked, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Delete https://hooks.example.invalid/cadence' }));
      await screen.findByRole('alertdialog', { name: 'Delete webhook' });
    }));
  it('should pass for Save a campaign as template', () =>
    check(<TemplatesPanel />, { ...templated, ...workspace }, async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Save a campaign as template' }));
      await screen.findByRole('dialog', { name: 'Save a campaign as template' });
    }));
  it('should pass for New campaign from template with its preview and a role left empty', () =>
    check(<NewFromTemplateDialog open onOpenChange={() => {}} />, templated, async ({ user }) => {
      const dialog = await screen.findByRole('dialog', { name: 'New campaign from template' });
      await within(dialog).findByRole('option', { name: 'Product launch' });
      await user.type(within(dialog).getByLabelText(/Go-live date/), '2026-03-16');
      await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
      await within(dialog).findByText('Choose someone for the role "Designer"');
    }));

  it('should pass for Import campaigns with a file refused by line', () =>
    check(<ImportCampaignsDialog open onOpenChange={() => {}} />, {}, async ({ user }) => {
      const dialog = await screen.findByRole('dialog', { name: 'Import campaigns' });
      const file = new File(['title,planning_start_date,live_date\nBad,2026-04-01,2026-13-40\n'], 'plan.csv', { type: 'text/csv' });
      await user.upload(within(dialog).getByLabelText(/File \(\.csv, \.xlsx\)/), file);
      await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
      await within(dialog).findByRole('alert');
    }));

  it('should pass for the Gantt grouped by channel in live view', () =>
    check(<Gantt view="live" />, data, async ({ user }) => {
      await user.click(screen.getByRole('switch', { name: 'Group by Channel' }));
    }));

  // Issue #6: the pages. Each in its main states, then with its dialogs and popovers open.
  const workspace = { ...sampleWorkspace(TODAY), campaigns: sampleCampaigns(TODAY) };
  const PAGE_STATES: State[] = [
    ['with data', workspace],
    ['empty', {}],
    ['loading', { latencyMs: 60_000 }],
    ['read-only', { ...workspace, user: viewer }],
  ];
  const PAGES: Array<[string, () => ReactElement]> = [
    ['IdeasBoard', () => <IdeasBoard onBack={() => {}} />],
    ...(['calendar', 'ads-by-status', 'performance', 'publications', 'prospective', 'articles'] as const).map(
      (tab): [string, () => ReactElement] => [`AdManager (${tab})`, () => <AdManager tab={tab} />],
    ),
    ['EventsBoard (timeline)', () => <EventsBoard />],
    ['EventsBoard (calendar)', () => <EventsBoard tab="calendar" />],
    ['EventsBoard (list)', () => <EventsBoard tab="list" />],
    ['PermissionsPanel', () => <PermissionsPanel onReturn={() => {}} />],
  ];
  for (const [state, options] of [...PAGE_STATES, ['with tasks', withTasks(DEFAULT_MEMORY_USER_ID)] as State]) {
    it(`should pass for MyWork, ${state}`, () => check(<MyWork />, options));
  }
  for (const [page, ui] of PAGES) {
    for (const [state, options] of PAGE_STATES) {
      it(`should pass for ${page}, ${state}`, () => check(ui(), options));
    }
  }

  const open = (button: string | RegExp, index = 0) => async ({ user }: RenderWidgetResult) => {
    await user.click((await screen.findAllByRole('button', { name: button }))[index]!);
    await waitFor(() => expect(document.querySelector('[role="dialog"], [role="alertdialog"]')).not.toBeNull());
  };
  const DIALOGS: Array<[string, () => ReactElement, State[2]]> = [
    ['the idea dialog', () => <IdeasBoard />, open('New Idea')],
    ['an idea converted to a campaign', () => <IdeasBoard />, open('Convert to Campaign')],
    ['an idea with its comments', () => <IdeasBoard />, async ({ user }) => user.click(await screen.findByRole('button', { name: /^2 comments/ }))],
    ['the ad dialog with its required-field message', () => <AdManager />, async (r) => {
      await open('Add Ad Campaign')(r);
      await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Ad Campaign' }));
    }],
    ['the ad example dialog', () => <AdManager />, open(/^View example of/)],
    ['the publication popover', () => <AdManager />, open(/details$/)],
    ['the ad delete confirmation', () => <AdManager />, open(/^Delete Power Today/)],
    ['the publication dialog', () => <AdManager tab="publications" />, open('Add Publication')],
    ['the ad types dialog in add mode', () => <AdManager tab="publications" />, async (r) => {
      await open(/^Manage ad types/)(r);
      await r.user.click(await screen.findByRole('button', { name: 'Add Ad Type' }));
    }],
    ['the prospective dialog', () => <AdManager tab="prospective" />, open('Add Prospective Pub')],
    ['the bulk upload dialog', () => <AdManager tab="prospective" />, open('Upload Excel')],
    ['the contacts popover', () => <AdManager tab="prospective" />, open(/ emails? of /)],
    ['the article dialog', () => <AdManager tab="articles" />, open('Add New Article')],
    ['the event dialog', () => <EventsBoard tab="list" />, open('Add New Event')],
  ];
  for (const [name, ui, then] of DIALOGS) {
    it(`should pass with ${name} open`, () => check(ui(), workspace, then));
  }

  it('should pass for the permissions of a selected user', () => check(<PermissionsPanel userId={VIEWER_ID} />, workspace, async () => {
    await screen.findByText('Global Calendar Permissions');
  }));
  it('should pass for the access denied screen', () => check(<PermissionsPanel onReturn={() => {}} />, { user: viewer }, async () => {
    await screen.findByText('Access Denied');
  }));
});
