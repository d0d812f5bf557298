import { createMemoryClient, makeCampaign, VIEWER_ID } from '@cadence/widgets/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithViews } from './render-views';

const campaigns = [
  makeCampaign({ title: 'Spring mail', channels: ['email'], status: 'live' }),
  makeCampaign({ title: 'Social push', channels: ['social'], status: 'live' }),
  makeCampaign({ title: 'Mail draft', channels: ['email'], status: 'planning' }),
  makeCampaign({ title: 'Webinar', channels: ['webinars'], status: 'live' }),
];
const viewer = { id: VIEWER_ID, email: 'viewer@cadence.demo', role: null, permissions: [{ permission_type: 'global_view' as const, channel: null }] };
/** The side bar's views once their module has loaded (its placeholder is another element). */
async function views() {
  await waitFor(() => expect(screen.getByRole('navigation', { name: 'Views' })).not.toHaveAttribute('data-placeholder'));
  return screen.getByRole('navigation', { name: 'Views' });
}

describe('saved views (docs/adr/0032)', () => {
  it('should save the filtered dashboard as a shared view, toast, and list it with its count', async () => {
    const user = userEvent.setup();
    const client = createMemoryClient({ campaigns });
    const router = renderWithViews(client, '/?tab=list&channel=email,social&status=live');
    expect(await within(await views()).findByText(/Filter a dashboard, then choose “Save view”/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Email, Social Media · Live');
    await user.clear(name);
    await user.type(name, 'Live mail and social');
    await user.click(within(dialog).getByRole('checkbox', { name: /Share with the team/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('View saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(client.control.views()).toMatchObject([{ name: 'Live mail and social', query: 'tab=list&channel=email,social&status=live', shared: true }]);
    const link = await within(await views()).findByRole('link', { name: /Live mail and social/ });
    expect(link).toHaveAttribute('href', '/?tab=list&channel=email,social&status=live');
    await waitFor(() => expect(link).toHaveTextContent('2 campaigns'));
    // The address is the view: it is marked, and the Global Calendar is not.
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Global Calendar' })).not.toHaveAttribute('aria-current');
    await act(() => router.navigate('/'));
    expect(link).not.toHaveAttribute('aria-current');
  });

  it('should show the server\'s field error on the name and keep the dialog open', async () => {
    const user = userEvent.setup();
    const client = createMemoryClient({ campaigns });
    await client.views.create({ name: 'Live', query: 'status=live' });
    renderWithViews(client, '/?status=live');
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Live');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A view named “Live” already exists')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('A view named “Live” already exists');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('View name is required')).toBeInTheDocument();
    expect(client.control.views()).toHaveLength(1);
  });

  it('should not offer sharing to a viewer, and list the team\'s shared views with who shared them', async () => {
    const user = userEvent.setup();
    const client = createMemoryClient({ campaigns, user: viewer });
    client.control.saveViewAs({ name: 'Webinars', query: 'channel=webinars' });
    renderWithViews(client, '/');
    const nav = await views();
    const shared = await within(nav).findByRole('link', { name: /Webinars/ });
    expect(shared).toHaveAttribute('title', 'Shared by editor@cadence.demo');
    await waitFor(() => expect(shared).toHaveTextContent('1 campaign'));
    expect(within(nav).getByRole('heading', { name: 'Shared' })).toBeInTheDocument();
    // Only its owner or an admin may change a shared view; whoever sees it may share it by link (docs/adr/0061).
    await user.click(within(nav).getByRole('button', { name: 'Actions for view Webinars' }));
    expect(await screen.findByRole('menuitem', { name: 'Share link…' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(nav).findByRole('link', { name: /Global Calendar/ })).toBeInTheDocument();
    expect(client.control.views().find((v) => v.created_by === VIEWER_ID)).toMatchObject({ shared: false, query: '' });
  });

  it('should open the share dialog of a view from its menu', async () => {
    const user = userEvent.setup();
    const client = createMemoryClient({ campaigns });
    await client.views.create({ name: 'Live', query: 'status=live', shared: true });
    renderWithViews(client, '/');
    const nav = await views();
    await user.click(await within(nav).findByRole('button', { name: 'Actions for view Live' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share link…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link' });
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(((await within(dialog).findByLabelText('New share link')) as HTMLInputElement).value).toMatch(/\/shared\/cad_link_/);
  });

  it('should rename a view, delete it after confirming, and bring it back with Undo', async () => {
    const user = userEvent.setup();
    const client = createMemoryClient({ campaigns });
    const { id } = await client.views.create({ name: 'Live', query: 'status=live' });
    renderWithViews(client, '/');
    const nav = await views();
    await user.click(await within(nav).findByRole('button', { name: 'Actions for view Live' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename view' });
    const name = within(rename).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Everything live');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(await within(nav).findByRole('link', { name: /Everything live/ })).toBeInTheDocument();
    expect(await screen.findByText('View renamed')).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Actions for view Everything live' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete view' });
    expect(confirm).toHaveAccessibleDescription(/Delete “Everything live”\?/);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: /Everything live/ })).not.toBeInTheDocument());
    expect(client.control.views()).toEqual([]);
    expect(await screen.findByText('View deleted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await within(nav).findByRole('link', { name: /Everything live/ })).toHaveAttribute('href', '/?status=live');
    // The same view back (its id, so a key or a link to it still finds it), not a copy.
    expect(client.control.views()).toMatchObject([{ id, name: 'Everything live', query: 'status=live' }]);
    expect(client.control.calls.filter((c) => c.op === 'views.create')).toHaveLength(1);
    expect(client.control.calls.filter((c) => c.op === 'views.restore')).toHaveLength(1);
  });
});
