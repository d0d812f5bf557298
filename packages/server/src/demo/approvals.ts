import { approvalBasis } from '@cadence/core';
import type { Knex } from 'knex';
import { refreshApprovalSummaries } from '../approvals/store';

// Demo approvals (docs/adr/0056): reviewers on two channels, one campaign waiting for review, one approved.

export const DEMO_REVIEW = { waiting: 'Spring newsletter', approved: 'Customer onboarding drip' } as const;

export async function seedApprovals(trx: Knex, admin: string, viewer: string): Promise<void> {
  await trx('approval_rules').insert([
    { channel: 'email', mode: 'one', steps: JSON.stringify([{ name: 'Brand', reviewer_ids: [viewer] }]), updated_by: admin },
    { channel: 'social', mode: 'every', steps: JSON.stringify([{ name: 'Legal', reviewer_ids: [viewer] }, { name: 'Brand', reviewer_ids: [admin] }]), updated_by: admin },
  ]);
  const rows: Array<Record<string, unknown> & { id: string; title: string }> = await trx('campaigns').whereIn('title', Object.values(DEMO_REVIEW)).select();
  for (const c of rows) {
    const basis = approvalBasis(c as never);
    await trx('campaign_reviews').insert({ campaign_id: c.id, kind: 'request', comment: 'Ready for review', basis, actor_id: admin });
    if (c.title === DEMO_REVIEW.approved) {
      await trx('campaign_reviews').insert({ campaign_id: c.id, kind: 'approve', channel: 'email', step: 0, comment: 'Looks good', basis, actor_id: viewer });
    }
  }
  // Their rows show it (campaigns.approval_summary): every campaign on the two channels.
  await refreshApprovalSummaries(trx, { all: true });
}
