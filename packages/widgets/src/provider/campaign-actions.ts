import { CadenceApiError, isConflict, promote as promoted, type Campaign, type CampaignCreate, type CampaignStatus, type CampaignUpdate, type LoadedPages, type ReplanReport, type RowChange } from '@cadence/core';
import { useMemo } from 'react';
import { TOASTS } from '../messages';
import { applyCampaignListsChange } from './campaign-cache';
import { useCadence, type CadenceContextValue } from './context';
import type { QueryStore } from './query-store';
import type { ToastInput } from './toast';
import { createWriter } from './write';

type Lists = Campaign[];

const replace = (row: Campaign) => (list: Lists) => list.map((c) => (c.id === row.id ? row : c));
const failed = (t: ToastInput): ToastInput => ({ ...t, variant: 'destructive' });
/**
 * The go-live gate's refusal (409 not_ready, docs/adr/0056) says what is missing: which channels'
 * approvals, how many required tasks. Any other failure keeps the spec's toast.
 */
const gatedOr = (t: ToastInput) => (e: unknown): ToastInput =>
  e instanceof CadenceApiError && e.code === 'not_ready'
    ? { title: 'Cannot go live yet', description: [e.message, ...(e.details ?? []).map((d) => d.message)].join(' · '), variant: 'destructive' }
    : failed(t);
/** Refetched only after a failure: a success applies the server's row in place, as a realtime change does. */
const invalidate = ['campaigns', 'campaignPages', 'campaignStats'] as const;
/** The lists take the server's answer in place, as a realtime change; the counts (small) are fetched again. */
const settleWith = (store: QueryStore, change: RowChange<'campaigns'>) => {
  applyCampaignListsChange(store, change);
  store.applier('campaigns', 'campaignPages')?.(store, change);
  store.invalidate('campaignStats');
  // The write added an entry to the activity log: an open History tab shows it without waiting for realtime.
  store.invalidate('history');
};
const inserted = { settle: (store: QueryStore, row: Campaign) => settleWith(store, { topic: 'campaigns', op: 'insert', row }) };
const updated = { settle: (store: QueryStore, row: Campaign) => settleWith(store, { topic: 'campaigns', op: 'update', row }) };
const deleted = (c: Campaign) => ({ settle: (store: QueryStore) => settleWith(store, { topic: 'campaigns', op: 'delete', id: c.id }) });

export interface CampaignActions {
  create(body: CampaignCreate): Promise<Campaign>;
  /** Sends only `patch` with the row's version. A 412 rethrows (with `current`) when `onConflict` is 'throw'. */
  /** `onReplan`: what a new go-live moved among the campaign's tasks (docs/adr/0053), for an exact Undo. */
  update(c: Campaign, patch: CampaignUpdate, options?: { onConflict?: 'toast' | 'throw'; success?: ToastInput | ((row: Campaign) => ToastInput); onReplan?: (report: ReplanReport) => void }): Promise<Campaign>;
  setStatus(c: Campaign, status: CampaignStatus): Promise<Campaign>;
  remove(c: Campaign): Promise<void>;
  promote(c: Campaign): Promise<Campaign>;
}

/** The campaign's own fields of a patch: `task_due_dates` writes its tasks, not the row. */
const withoutTaskDates = ({ task_due_dates: _dates, ...fields }: CampaignUpdate): CampaignUpdate => fields;

function actions(ctx: CadenceContextValue): CampaignActions {
  const write = createWriter(ctx);
  /** An optimistic edit of every cached campaign list, whole or loaded a page at a time. */
  const optimistic = (apply: (list: Lists) => Lists) => [
    { keys: 'campaigns' as const, apply },
    {
      keys: 'campaignPages' as const,
      apply: (pages: LoadedPages<Campaign>) => ({ ...pages, items: apply(pages.items) }),
      withRow: (row: { id: unknown }) => (pages: LoadedPages<Campaign>) => ({
        ...pages,
        items: pages.items.map((c) => (c.id === row.id ? { ...c, ...row } : c)),
      }),
    },
  ];
  return {
    create: (body) =>
      write({ call: (client) => client.campaigns.create(body), success: TOASTS.created, failure: gatedOr(TOASTS.createError), invalidate, ...inserted }),
    update: (c, patch, options = {}) =>
      write({
        call: (client) => client.campaigns.update(c.id, patch, { version: c.version, ...(options.onReplan ? { onReplan: options.onReplan } : {}) }),
        optimistic: optimistic(replace({ ...c, ...withoutTaskDates(patch) } as Campaign)),
        success: options.success ?? TOASTS.updated,
        failure: (e) => (isConflict(e) && options.onConflict === 'throw' ? null : gatedOr(TOASTS.updateError)(e)),
        invalidate,
        ...updated,
      }),
    setStatus: (c, status) =>
      write({
        call: (client) => client.campaigns.update(c.id, { status }, { version: c.version }),
        optimistic: optimistic(replace({ ...c, status })),
        success: (row) => TOASTS.statusUpdated(row.title, status),
        failure: gatedOr(TOASTS.updateError),
        invalidate,
        ...updated,
      }),
    remove: async (c) => {
      await write({
        call: (client) => client.campaigns.remove(c.id, { version: c.version }),
        optimistic: optimistic((list) => list.filter((x) => x.id !== c.id)),
        success: TOASTS.deleted,
        failure: failed(TOASTS.deleteError),
        invalidate,
        ...deleted(c),
      });
    },
    promote: (c) =>
      write({
        call: (client) => client.campaigns.promote(c.id, { version: c.version }),
        optimistic: optimistic(replace(promoted(c))),
        success: TOASTS.promoted,
        failure: failed(TOASTS.promoteError),
        invalidate,
        ...updated,
      }),
  };
}

/** Create, update, status, delete and promote, with optimistic updates and the spec's toasts. */
export function useCampaignActions(): CampaignActions {
  const ctx = useCadence();
  return useMemo(() => actions(ctx), [ctx]);
}
