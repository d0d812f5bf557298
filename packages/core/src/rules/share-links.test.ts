import { describe, expect, it } from 'vitest';
import { campaignDefaults } from './campaign-defaults';
import { SHARE_LINK_DEFAULT_FIELDS, presentAnswerForLink, presentForLink, shareLinkExpired, shareLinkPath } from './share-links';

const campaign = {
  ...campaignDefaults(),
  id: 'c1',
  version: 1,
  title: 'Launch',
  planning_start_date: '2026-11-01',
  live_date: '2026-11-20',
  channels: ['email'],
  status: 'live',
  description: 'About it',
  summary: 'Secret brief',
  goals: 'Grow',
  audiences: ['CFOs'],
  owner: 'Ann',
  owner_id: 'u1',
  project_leader: 'Bob',
  project_team_members: ['Cy'],
  created_by: 'u1',
  channel_config: { email: { subject: 'Hi' } },
  task_summary: { total: 3, done: 1, open_required: 1, next_due: '2026-11-10', assignees: ['u2'] },
  approval_summary: [{ channel: 'email', state: 'pending' }],
};

describe('presentForLink', () => {
  it('should empty briefs and owners by default and keep what always shows', () => {
    const shown = presentForLink(campaign, SHARE_LINK_DEFAULT_FIELDS);
    expect(shown).toMatchObject({ title: 'Launch', live_date: '2026-11-20', channels: ['email'], status: 'live', description: 'About it' });
    expect(shown).toMatchObject({ summary: null, goals: null, audiences: [], owner: null, owner_id: null, project_leader: null, project_team_members: [], created_by: null });
    expect(shown.task_summary.total).toBe(3);
    expect(JSON.stringify(shown)).not.toMatch(/Secret brief|Ann|Bob|CFOs/);
  });

  it('should empty every group left unticked, keeping the row’s shape', () => {
    const shown = presentForLink(campaign, []);
    expect(shown).toMatchObject({ description: null, channel_config: {}, approval_summary: null });
    expect(shown.task_summary).toEqual({ total: 0, done: 0, open_required: 0, next_due: null, assignees: [] });
    expect(Object.keys(shown).sort()).toEqual(Object.keys(campaign).sort());
  });

  it('should show a ticked group whole and not change its argument', () => {
    expect(presentForLink(campaign, ['brief', 'owners'])).toMatchObject({ summary: 'Secret brief', owner: 'Ann', project_team_members: ['Cy'] });
    expect(campaign.summary).toBe('Secret brief');
  });

  it('should find campaigns in lists and one level inside an answer, and leave other rows alone', () => {
    const body = { campaigns: [campaign], tasks: [{ id: 't', title: 'x', note: 'n' }], total: 1 };
    const out = presentAnswerForLink(body, []) as typeof body;
    expect(out.campaigns[0]!.summary).toBeNull();
    expect(out.tasks[0]).toEqual(body.tasks[0]);
    expect((presentAnswerForLink([campaign], []) as (typeof campaign)[])[0]!.owner).toBeNull();
    expect(presentAnswerForLink(null, [])).toBeNull();
  });
});

describe('shareLinkExpired', () => {
  it('should open through the whole expiry date', () => {
    expect(shareLinkExpired('2026-11-27', '2026-11-27')).toBe(false);
    expect(shareLinkExpired('2026-11-26', '2026-11-27')).toBe(true);
    expect(shareLinkPath('cad_link_a/b')).toBe('/shared/cad_link_a%2Fb');
  });
});
