import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { EMAIL_WEEK_TEXT, emailSendsWeekOfMar23, emailWeekRule } from '../testing/planning-rule-fixtures';
import { renderWidget } from '../testing/render';
import { ImportCampaignsDialog } from './ImportCampaignsDialog';

const HEADER = 'title,planning_start_date,live_date,channels';
const csvFile = (...lines: string[]) => new File([[HEADER, ...lines].join('\n') + '\n'], 'plan.csv', { type: 'text/csv' });

async function chooseAndCheck(user: ReturnType<typeof renderWidget>['user'], file: File) {
  const dialog = await screen.findByRole('dialog', { name: 'Import campaigns' });
  await user.upload(within(dialog).getByLabelText(/File \(\.csv, \.xlsx\)/), file);
  await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
  return dialog;
}

describe('Import campaigns', () => {
  it('should check the file first, say what will be made and skipped by line, then import it', async () => {
    const existing = makeCampaign({ title: 'Spring newsletter', planning_start_date: '2026-03-01', live_date: '2026-03-15' });
    let closed = false;
    const { user, client, toasts } = renderWidget(<ImportCampaignsDialog open onOpenChange={(o) => (closed = !o)} />, { campaigns: [existing] });
    const dialog = await screen.findByRole('dialog', { name: 'Import campaigns' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Skip campaigns that already exist/ }));
    await chooseAndCheck(user, csvFile('Spring newsletter,2026-03-01,2026-03-15,email', 'Summer webinar,2026-06-01,2026-06-18,"webinars, social"'));
    await waitFor(() => expect(dialog).toHaveTextContent(/1 campaign ready to import\. 1 line will be skipped:/));
    expect(within(dialog).getByText('Line 2: A campaign with the same title and live date already exists')).toBeInTheDocument();
    // The check saved nothing.
    expect(client.control.campaigns()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 campaign' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(client.control.campaigns().map((c) => [c.title, c.live_date, c.channels])).toContainEqual(['Summer webinar', '2026-06-18', ['webinars', 'social']]);
    await waitFor(() => expect(toasts.map((t) => [t.title, t.description])).toContainEqual(['Imported 1 campaign', '1 line skipped']));
  });

  it('should refuse a file with a bad line, naming each line, and save nothing', async () => {
    const { user, client } = renderWidget(<ImportCampaignsDialog open onOpenChange={() => {}} />);
    const dialog = await chooseAndCheck(user, csvFile('Good one,2026-04-01,2026-04-10,email', 'Bad date,2026-04-01,2026-13-40,email', ',2026-04-01,2026-04-10,email'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/^Nothing was imported: 2 lines to fix\./);
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Line 3, live_date: /),
      expect.stringMatching(/^Line 4, title: /),
    ]);
    expect(within(dialog).queryByRole('button', { name: /^Import / })).not.toBeInTheDocument();
    expect(client.control.campaigns()).toHaveLength(0);
  });

  it('should refuse a line that breaks a blocking planning rule with the rule in words, and keep nothing of the file', async () => {
    const { user, client } = renderWidget(<ImportCampaignsDialog open onOpenChange={() => {}} />, {
      campaigns: emailSendsWeekOfMar23(),
      planningRules: [emailWeekRule('block')],
    });
    const dialog = await chooseAndCheck(user, csvFile('April send,2026-04-01,2026-04-07,email', 'Third send,2026-03-20,2026-03-26,email'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(`Nothing was imported. Line 3, "Third send": ${EMAIL_WEEK_TEXT}`);
    expect(within(alert).queryByRole('list')).not.toBeInTheDocument();
    // The line before it was taken back: all or nothing.
    expect(client.control.campaigns().map((c) => c.title).sort()).toEqual(['Newsletter A', 'Newsletter B']);
  });

  it('should check again after the file changes', async () => {
    const { user } = renderWidget(<ImportCampaignsDialog open onOpenChange={() => {}} />);
    const dialog = await chooseAndCheck(user, csvFile('One,2026-04-01,2026-04-10,email'));
    await within(dialog).findByRole('button', { name: 'Import 1 campaign' });
    await user.upload(within(dialog).getByLabelText(/File \(\.csv, \.xlsx\)/), csvFile('One,2026-04-01,2026-04-10,email', 'Two,2026-04-02,2026-04-11,email'));
    expect(within(dialog).getByRole('button', { name: 'Check file' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    await within(dialog).findByRole('button', { name: 'Import 2 campaigns' });
  });
});
