import { type Ad, type AdCreate, type AdUpdate } from '@cadence/core';
import { useMemo } from 'react';
import { AD_TOASTS } from '../messages';
import { useRowQueue } from '../provider/resources';
import { useWrite } from '../provider/write';

const ads = ['ads', 'virtual'] as const;

/** Ad writes with the spec's toasts; edits apply at once and roll back on failure. */
export function useAdActions() {
  const write = useWrite();
  const queue = useRowQueue();
  return useMemo(() => ({
    create: (body: AdCreate) => write({ call: (c) => c.ads.create(body), success: AD_TOASTS.adCreated, failure: AD_TOASTS.adCreateError, invalidate: ads }),
    update: (ad: Ad, patch: AdUpdate) =>
      write({
        call: (c) => queue(ad.id, ad.version, (version) => c.ads.update(ad.id, patch, { version })),
        success: AD_TOASTS.adUpdated, failure: AD_TOASTS.adUpdateError, invalidate: ads,
        optimistic: { keys: 'ads', apply: (l: Ad[]) => l.map((x) => (x.id === ad.id ? ({ ...x, ...patch } as Ad) : x)) },
      }),
    remove: (ad: Ad) =>
      write({
        call: (c) => c.ads.remove(ad.id, { version: ad.version }),
        success: AD_TOASTS.adDeleted, failure: AD_TOASTS.adDeleteError, invalidate: ads,
        optimistic: { keys: 'ads', apply: (l: Ad[]) => l.filter((x) => x.id !== ad.id) },
      }),
  }), [write, queue]);
}
