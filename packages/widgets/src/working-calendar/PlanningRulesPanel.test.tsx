import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render';
import { PlanningRulesPanel } from './PlanningRulesPanel';

describe('PlanningRulesPanel (Settings → Planning rules)', () => {
  it('should add a blocking rule, list it in words, and delete it after confirmation with Undo', async () => {
    const { client, toasts } = renderWidget(<PlanningRulesPanel />);
    const form = await screen.findByRole('form', { name: 'Add rule' });
    fireEvent.change(within(form).getByLabelText('Channel'), { target: { value: 'email' } });
    fireEvent.change(within(form).getByLabelText('When broken'), { target: { value: 'block' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    const list = await screen.findByRole('list', { name: 'Planning rules' });
    expect(list).toHaveTextContent('At most 2 e-mail sends a week');
    expect(list).toHaveTextContent('Block');
    expect((await client.planningRules.list())[0]).toMatchObject({ kind: 'channel_load', limit: 2, period: 'week', channel: 'email', severity: 'block' });

    fireEvent.click(within(list).getByRole('button', { name: 'Delete At most 2 e-mail sends a week' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete planning rule' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ title: 'Rule deleted', description: 'At most 2 e-mail sends a week' }));
    await waitFor(() => expect(screen.getByText('No planning rules yet.')).toBeInTheDocument());
    toasts.at(-1)!.action!.onSelect();
    await waitFor(() => expect(screen.getByRole('list', { name: 'Planning rules' })).toHaveTextContent('At most 2 e-mail sends a week'));
  });

  it('should name the field of a malformed rule and keep nothing', async () => {
    const { client } = renderWidget(<PlanningRulesPanel />);
    const form = await screen.findByRole('form', { name: 'Add rule' });
    fireEvent.change(within(form).getByLabelText('Limit (go-lives)'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await within(form).findByText('Must be 1 or more')).toBeInTheDocument();
    expect(await client.planningRules.list()).toEqual([]);
  });

  it('should edit a rule into a warning', async () => {
    const { client } = renderWidget(<PlanningRulesPanel />);
    await client.planningRules.create({ kind: 'owner_load', limit: 3, severity: 'block' });
    const list = await screen.findByRole('list', { name: 'Planning rules' });
    fireEvent.click(within(list).getByRole('button', { name: /^Edit At most 3/ }));
    const form = await screen.findByRole('form', { name: 'Save rule' });
    fireEvent.change(within(form).getByLabelText('When broken'), { target: { value: 'warn' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(async () => expect((await client.planningRules.list())[0]).toMatchObject({ severity: 'warn', limit: 3 }));
  });
});
