import { isConflict, promote as promoted, type Campaign, type CampaignCreate, type CampaignStatus, type CampaignUpdate } from '@cadence/core';
import { useMemo } from 'react';
import { TOASTS } from '../messages';
import { CAMPAIGNS_PREFIX } from './campaign-queries';
import { useCadence, type CadenceContextValue } from './context';
import type { QueryStore } from './query-store';
import type { ToastInput } from './toast';

type Lists = Campaign[];

/** Applies `fn` to every cached campaign list; returns the rollback. */
function optimistic(store: QueryStore, fn: (list: Lists) => Lists): () => void {
  const keys = store.keys(CAMPAIGNS_PREFIX);
  const before = keys.map((k) => [k, store.get<Lists>(k).data] as const);
  for (const k of keys) store.update<Lists>(k, fn);
  return () => {
    for (const [k, data] of before) store.restore(k, data);
  };
}

const replace = (row: Campaign) => (list: Lists) => list.map((c) => (c.id === row.id ? row : c));

export interface CampaignActions {
  create(body: CampaignCreate): Promise<Campaign>;
  /** Sends only `patch` with the row's version. A 412 rethrows (with `current`) when `onConflict` is 'throw'. */
  update(c: Campaign, patch: CampaignUpdate, options?: { onConflict?: 'toast' | 'throw'; success?: ToastInput }): Promise<Campaign>;
  setStatus(c: Campaign, status: CampaignStatus): Promise<Campaign>;
  remove(c: Campaign): Promise<void>;
  promote(c: Campaign): Promise<Campaign>;
}

function actions({ client, store, toast }: CadenceContextValue): CampaignActions {
  const fail = (t: { title: string; description: string }, error: unknown) => {
    console.error(`[Cadence] ${t.title}`, error);
    toast({ ...t, variant: 'destructive' });
  };
  /** Optimistic write: apply, call, then settle on the server's row or roll back. */
  async function write<T>(apply: (l: Lists) => Lists, call: () => Promise<T>, onError: (e: unknown) => void): Promise<T> {
    const rollback = optimistic(store, apply);
    try {
      const result = await call();
      if (result && typeof result === 'object' && 'id' in result) optimistic(store, replace(result as unknown as Campaign));
      store.invalidate(CAMPAIGNS_PREFIX);
      return result;
    } catch (error) {
      rollback();
      if (isConflict(error) && error.current) optimistic(store, replace(error.current as Campaign));
      onError(error);
      throw error;
    }
  }
  return {
    async create(body) {
      try {
        const row = await client.campaigns.create(body);
        store.invalidate(CAMPAIGNS_PREFIX);
        toast(TOASTS.created);
        return row;
      } catch (error) {
        fail(TOASTS.createError, error);
        throw error;
      }
    },
    async update(c, patch, options = {}) {
      const row = await write(
        replace({ ...c, ...patch } as Campaign),
        () => client.campaigns.update(c.id, patch, { version: c.version }),
        (e) => (isConflict(e) && options.onConflict === 'throw' ? undefined : fail(TOASTS.updateError, e)),
      );
      toast(options.success ?? TOASTS.updated);
      return row;
    },
    async setStatus(c, status) {
      const row = await write(
        replace({ ...c, status }),
        () => client.campaigns.update(c.id, { status }, { version: c.version }),
        (e) => fail(TOASTS.updateError, e),
      );
      toast(TOASTS.statusUpdated(row.title, status));
      return row;
    },
    async remove(c) {
      await write(
        (list) => list.filter((x) => x.id !== c.id),
        () => client.campaigns.remove(c.id, { version: c.version }),
        (e) => fail(TOASTS.deleteError, e),
      );
      toast(TOASTS.deleted);
    },
    async promote(c) {
      const row = await write(replace(promoted(c)), () => client.campaigns.promote(c.id, { version: c.version }), (e) =>
        fail(TOASTS.promoteError, e),
      );
      toast(TOASTS.promoted);
      return row;
    },
  };
}

/** Create, update, status, delete and promote, with optimistic updates and the spec's toasts. */
export function useCampaignActions(): CampaignActions {
  const ctx = useCadence();
  return useMemo(() => actions(ctx), [ctx]);
}
