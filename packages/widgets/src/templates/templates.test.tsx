import { TEST_ZONES, useTimeZone } from '@cadence/core/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { CadenceProvider } from '../provider/CadenceProvider';
import { fakeRealtime } from '../testing/fake-realtime';
import { createMemoryClient } from '../testing/memory-client';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { EDITOR_ID, makeTask, withTaskSummary } from '../testing/fixtures-more';
import { sampleTemplate } from '../testing/fixtures-templates';
import { renderWidget } from '../testing/render';
import { NewFromTemplateDialog } from './NewFromTemplateDialog';
import { TemplatesPanel } from './TemplatesPanel';
import { TasksPanel } from '../tasks/TasksPanel';

describe.each(TEST_ZONES)('New campaign from template in TZ=%s', (zone) => {
  useTimeZone(zone);

  it('should preview each task on its working day and create the campaign with every task placed', async () => {
    const { user, client } = renderWidget(<NewFromTemplateDialog open onOpenChange={() => {}} />, { templates: [sampleTemplate()] });
    const dialog = await screen.findByRole('dialog', { name: 'New campaign from template' });
    await within(dialog).findByRole('option', { name: 'Product launch' });
    await user.type(within(dialog).getByLabelText(/Campaign title/), 'Spring launch');
    // Go-live Monday 16 March 2026: two working days before is Thursday 12 March (the weekend skipped).
    await user.type(within(dialog).getByLabelText(/Go-live date/), '2026-03-16');
    const preview = within(dialog).getByRole('region', { name: 'Where each task lands' });
    expect(preview).toHaveTextContent('Planning starts Monday, March 9, 2026');
    expect(preview).toHaveTextContent('Design assets Thursday, March 12, 2026 · Designer');
    expect(preview).toHaveTextContent('Report Tuesday, March 17, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(within(dialog).getByText('Choose someone for the role "Designer"')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Designer'), 'Me');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    await waitFor(() => expect(client.control.campaigns()).toHaveLength(1));
    const [campaign] = client.control.campaigns();
    expect(campaign).toMatchObject({ title: 'Spring launch', live_date: '2026-03-16', planning_start_date: '2026-03-09', priority: 'high' });
    expect(client.control.tasks().map((t) => [t.title, t.due_date, !!t.assignee_id])).toEqual([
      ['Kick-off', '2026-03-09', false],
      ['Design assets', '2026-03-12', true],
      ['Report', '2026-03-17', false],
    ]);
  });
});

describe('New campaign from template on the install\'s working calendar', () => {
  it('should preview tasks skipping the closed days the server will skip', async () => {
    const closed = { day: '2026-03-12', label: 'Founders Day', kind: 'holiday' as const, source: 'manual' as const, created_by: null, created_at: '2026-01-01T00:00:00.000Z' };
    const { user } = renderWidget(<NewFromTemplateDialog open onOpenChange={() => {}} />, { templates: [sampleTemplate()], workingCalendar: { weekend: [5, 6], closed_days: [closed] } });
    const dialog = await screen.findByRole('dialog', { name: 'New campaign from template' });
    await within(dialog).findByRole('option', { name: 'Product launch' });
    await user.type(within(dialog).getByLabelText(/Go-live date/), '2026-03-16');
    const preview = within(dialog).getByRole('region', { name: 'Where each task lands' });
    // Two working days before Monday 16 March: Friday 13, then Wednesday 11 (Thursday 12 is closed).
    await waitFor(() => expect(preview).toHaveTextContent('Design assets Wednesday, March 11, 2026 · Designer'));
    expect(preview).toHaveTextContent('Planning starts Friday, March 6, 2026');
  });
});

describe('New campaign from template for someone who may not list users', () => {
  it('should offer Me and the people they already see on tasks for a role', async () => {
    const spring = makeCampaign({ title: 'Spring' });
    const tasks = [makeTask(spring, { title: 'Copy', assignee_id: EDITOR_ID })];
    renderWidget(<NewFromTemplateDialog open onOpenChange={() => {}} />, {
      templates: [sampleTemplate()], campaigns: [withTaskSummary(spring, tasks)], tasks,
      users: [{ id: EDITOR_ID, email: 'editor@cadence.demo', role: null }],
      user: { id: '00000000-0000-4000-8000-00000000b00c', email: 'creator@cadence.demo', role: null, permissions: [{ permission_type: 'global_view', channel: null }, { permission_type: 'global_create', channel: null }] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New campaign from template' });
    const designer = await within(dialog).findByLabelText('Designer');
    await waitFor(() => expect(within(designer).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a person', 'Me', 'editor@cadence.demo']));
  });
});

describe('Settings → Templates', () => {
  it('should list templates, refuse a task before the planning start on its field, and save an edit', async () => {
    const { user, client } = renderWidget(<TemplatesPanel />, { templates: [sampleTemplate()] });
    const list = await screen.findByRole('list', { name: 'Templates' });
    expect(await within(list).findByText('Product launch')).toBeInTheDocument();
    expect(list).toHaveTextContent('3 tasks · planning starts 5 working days before go-live · roles: Designer');
    await user.click(within(list).getByRole('button', { name: 'Edit Product launch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    const second = within(dialog).getByRole('group', { name: 'Task 2' });
    const days = within(second).getByLabelText('Working days');
    await user.clear(days);
    await user.type(days, '-7');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(second).findByText(/Lands 2 working days before the planning start/)).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '-4');
    expect(within(second).getByText('4 working days before go-live')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit template' })).toBeNull());
    expect((await client.templates.list())[0]!.tasks[1]!.offset).toBe(-4);
  });

  it('should delete only after confirming, and bring the template back with Undo', async () => {
    const { user, client, toasts } = renderWidget(<TemplatesPanel />, { templates: [sampleTemplate()] });
    const list = await screen.findByRole('list', { name: 'Templates' });
    await user.click(await within(list).findByRole('button', { name: 'Delete Product launch' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete template' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(toasts.some((t) => t.title === 'Template deleted')).toBe(true));
    expect(await client.templates.list()).toEqual([]);
    toasts.find((t) => t.title === 'Template deleted')!.action!.onSelect();
    await waitFor(async () => expect((await client.templates.list()).map((t) => t.name)).toEqual(['Product launch']));
  });

  it('should save a campaign as a template, its assignee turned into a role, due dates into working days from go-live', async () => {
    const campaign = makeCampaign({ title: 'Autumn launch', planning_start_date: '2026-03-09', live_date: '2026-03-16' });
    const design = makeTask(campaign, { title: 'Design', due_date: '2026-03-12', assignee_id: EDITOR_ID });
    const report = makeTask(campaign, { title: 'Report', due_date: '2026-03-17' }, [design]);
    const { user, client } = renderWidget(<TemplatesPanel />, {
      campaigns: [withTaskSummary(campaign, [design, report])], tasks: [design, report], users: [{ id: EDITOR_ID, email: 'editor@cadence.demo', role: null }],
      permissions: [{ id: 'p1', user_id: EDITOR_ID, permission_type: 'global_view', channel: null, created_by: null, created_at: '2026-01-01T00:00:00Z' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Save a campaign as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save a campaign as template' });
    await user.selectOptions(within(dialog).getByLabelText(/Campaign/), 'Autumn launch (2026-03-16)');
    const role = await within(dialog).findByLabelText('Role for editor@cadence.demo');
    await user.type(role, 'Designer');
    expect(within(dialog).getByLabelText(/Template name/)).toHaveValue('Autumn launch template');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(async () => expect((await client.templates.list()).map((t) => t.name)).toEqual(['Autumn launch template']));
    const [saved] = await client.templates.list();
    expect(saved).toMatchObject({ planning_offset: 5, roles: ['Designer'] });
    expect(saved!.tasks.map((t) => [t.title, t.offset, t.role, t.assignee_id])).toEqual([['Design', -2, 'Designer', null], ['Report', 1, null, null]]);
  });

  it('should save a campaign as a template from its own Tasks tab, offered to administrators only', async () => {
    const campaign = makeCampaign({ title: 'Autumn launch', planning_start_date: '2026-03-09', live_date: '2026-03-16' });
    const design = makeTask(campaign, { title: 'Design', due_date: '2026-03-12' });
    const { user, client } = renderWidget(<TasksPanel campaign={campaign} />, { campaigns: [withTaskSummary(campaign, [design])], tasks: [design] });
    await user.click(await screen.findByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save "Autumn launch" as template' });
    expect(within(dialog).queryByLabelText(/Campaign/)).toBeNull();
    expect(await within(dialog).findByText('1 task will be saved.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(async () => expect((await client.templates.list()).map((t) => [t.name, t.tasks.length])).toEqual([['Autumn launch template', 1]]));
    expect(await screen.findByText('"Autumn launch template": 1 task')).toBeInTheDocument();
  });

  it('should not offer "Save as template" to an editor who is not an administrator', async () => {
    const campaign = makeCampaign({ title: 'Autumn launch' });
    const design = makeTask(campaign, { title: 'Design', due_date: '2026-03-12' });
    renderWidget(<TasksPanel campaign={campaign} />, { campaigns: [withTaskSummary(campaign, [design])], tasks: [design], user: { role: null, permissions: [{ permission_type: 'global_create', channel: null }, { permission_type: 'global_view', channel: null }] } });
    await screen.findByText('Design');
    expect(screen.queryByRole('button', { name: 'Save as template' })).toBeNull();
  });

  it('should follow another administrator\'s new template over realtime', async () => {
    const client = createMemoryClient({ templates: [sampleTemplate()] });
    const feed = fakeRealtime();
    render(<CadenceProvider client={client} realtime={feed.realtime}><TemplatesPanel /></CadenceProvider>);
    const list = await screen.findByRole('list', { name: 'Templates' });
    await within(list).findByText('Product launch');
    const row = await client.templates.create({ name: 'Webinar', planning_offset: 3, tasks: [{ title: 'Invite', offset: -2 }] });
    act(() => feed.send({ topic: 'templates', op: 'insert', row }));
    expect(await within(list).findByText('Webinar')).toBeInTheDocument();
  });

  it('should tell anyone but an administrator that templates are theirs', async () => {
    renderWidget(<TemplatesPanel />, { templates: [sampleTemplate()], user: { role: null, permissions: [{ permission_type: 'global_create', channel: null }] } });
    expect(await screen.findByText('Only administrators manage templates.')).toBeInTheDocument();
  });
});
