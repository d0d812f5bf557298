import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_ID, VIEWER_ID, sampleWorkspace } from '../testing/fixtures-more';
import { renderWidget } from '../testing/render';
import { PermissionsPanel } from './PermissionsPanel';
import { CadenceProvider } from '../provider/CadenceProvider';
import { useUsers } from '../provider/resources';
import { createMemoryClient } from '../testing/memory-client';

const data = () => sampleWorkspace('2026-03-11');

describe('PermissionsPanel', () => {
  it('should tell non-admins that access is denied and offer the way back', async () => {
    const onReturn = vi.fn();
    const { user } = renderWidget(<PermissionsPanel onReturn={onReturn} />, { ...data(), user: { role: null, permissions: [{ permission_type: 'global_view', channel: null }] } });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page. Only administrators can manage user permissions.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Return to Dashboard' }));
    expect(onReturn).toHaveBeenCalledOnce();
  });

  it('should list users by e-mail and the first 8 characters of the id, and ask to select one', async () => {
    renderWidget(<PermissionsPanel />, data());
    expect(await screen.findByText('viewer@cadence.demo')).toBeInTheDocument();
    const row = screen.getByRole('button', { name: /viewer@cadence\.demo/ });
    expect(within(row).getByText(VIEWER_ID.slice(0, 8))).toHaveClass('cad-user__id');
    expect(screen.getByText('Select a user to manage their permissions')).toBeInTheDocument();
  });

  it('should list someone who signed up after another widget had listed the users', async () => {
    const client = createMemoryClient({ ...data(), now: () => new Date(2026, 2, 11, 10) });
    function Both({ panel }: { panel: boolean }) {
      const users = useUsers();
      return (
        <>
          <p>{users.data?.length ?? 0} users known</p>
          {panel && <PermissionsPanel />}
        </>
      );
    }
    const { rerender } = renderWidget(<Both panel={false} />, { client });
    const before = (await client.users.list()).length;
    await screen.findByText(`${before} users known`);
    client.control.addUser({ id: 'late-user', email: 'late@cadence.demo', role: null });
    rerender(<CadenceProvider client={client}><Both panel /></CadenceProvider>);
    expect(await screen.findByRole('button', { name: /late@cadence\.demo/ })).toBeInTheDocument();
  });

  it('should find users by e-mail or id and mark administrators', async () => {
    const { user } = renderWidget(<PermissionsPanel />, data());
    await screen.findByText('viewer@cadence.demo');
    const admin = screen.getAllByRole('listitem').find((li) => within(li).queryByText('Admin'));
    expect(admin).toBeDefined();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'VIEWER');
    expect(screen.getByRole('button', { name: /viewer@cadence\.demo/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(/^1 of \d+ users$/)).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), VIEWER_ID);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('should say that an administrator’s switches do not limit them, and not say it of others', async () => {
    const { user } = renderWidget(<PermissionsPanel />, data());
    await screen.findByText('viewer@cadence.demo');
    const adminRow = screen.getAllByRole('listitem').find((li) => within(li).queryByText('Admin'))!;
    await user.click(within(adminRow).getByRole('button'));
    expect(await screen.findByText(/An administrator sees and changes everything, whatever these switches say/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /viewer@cadence\.demo/ }));
    await screen.findByRole('heading', { name: 'Permissions for viewer@cadence.demo' });
    expect(screen.queryByText(/An administrator sees and changes everything/)).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    afterEach(() => vi.restoreAllMocks());
    it('should show the list, then the chosen user alone with a way back', async () => {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: 390, height: 800, x: 0, y: 0, top: 0, left: 0, right: 390, bottom: 800, toJSON: () => ({}) }));
      const { user } = renderWidget(<PermissionsPanel />, data());
      await user.click(await screen.findByRole('button', { name: /viewer@cadence\.demo/ }));
      expect(await screen.findByText('Global Calendar Permissions')).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Users' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'All users' }));
      expect(screen.getByRole('navigation', { name: 'Users' })).toBeInTheDocument();
      expect(screen.queryByText('Global Calendar Permissions')).not.toBeInTheDocument();
    });
  });

  it('should show global and per-channel switches for all 12 channels', async () => {
    const { user } = renderWidget(<PermissionsPanel />, data());
    await user.click(await screen.findByRole('button', { name: /viewer@cadence\.demo/ }));
    expect(await screen.findByText('Global Calendar Permissions')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'View Calendar' })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'Create Campaigns/Events' })).not.toBeChecked();
    expect(screen.getByText('Channel Permissions')).toBeInTheDocument();
    expect(screen.getAllByRole('switch', { name: /^View / })).toHaveLength(13);
    expect(screen.getAllByRole('switch', { name: /^Create / })).toHaveLength(13);
    expect(screen.getByRole('switch', { name: 'Create Industry Publications' })).toBeInTheDocument();
  });

  it('should grant and revoke records and toast the outcome', async () => {
    const { user, client, toasts } = renderWidget(<PermissionsPanel userId={EDITOR_ID} />, data());
    const events = await screen.findByRole('switch', { name: 'Create Events' });
    await waitFor(() => expect(events).toBeChecked());
    await user.click(events);
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Permission updated successfully'));
    expect(client.control.data().permissions.filter((p) => p.user_id === EDITOR_ID)).toEqual([]);
    await user.click(screen.getByRole('switch', { name: 'View SEO' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'View SEO' })).toBeChecked());
    expect(client.control.calls.filter((c) => c.op === 'users.grant').at(-1)?.args).toEqual([EDITOR_ID, 'channel_view', 'seo']);
  });

  it('should flip a switch back when the server refuses', async () => {
    const { user, client, toasts } = renderWidget(<PermissionsPanel userId={VIEWER_ID} />, data());
    const view = await screen.findByRole('switch', { name: 'View Calendar' });
    await waitFor(() => expect(view).toBeChecked());
    client.control.failNext('users.revoke');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(view);
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Failed to update permission', variant: 'destructive' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'View Calendar' })).toBeChecked());
    expect(within(screen.getByRole('navigation', { name: 'Users' })).getAllByRole('button')).toHaveLength(3);
  });
});
