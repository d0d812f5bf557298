import { changeOn, type ChangeFrame, type RealtimeTopic, type RowChange, type SubscriptionFilter } from '@cadence/core';
import type { RealtimeLike } from '../provider/realtime-changes';

/**
 * A realtime feed a test drives, handing each subscription the changes on its topic as core's
 * client does: `send` numbers a change and delivers it, `resync` reports missed changes.
 */
export function fakeRealtime() {
  const subscriptions = new Set<{ topic: RealtimeTopic; filter: SubscriptionFilter | undefined; handle: (change: ChangeFrame) => void }>();
  const resyncs = new Set<() => void>();
  const offs: string[] = [];
  let seq = 0;
  const realtime: RealtimeLike = {
    subscribe: (topic, onChange, filter) => {
      const sub = {
        topic,
        filter,
        handle: (change: ChangeFrame) => {
          const on = changeOn(change, topic);
          if (on) onChange(on);
        },
      };
      subscriptions.add(sub);
      return () => {
        subscriptions.delete(sub);
        offs.push(topic);
      };
    },
    onResync: (handler) => {
      resyncs.add(handler);
      return () => resyncs.delete(handler);
    },
  };
  return {
    realtime,
    /** Topic and filter of each subscription open now. */
    subscriptions: () => [...subscriptions].map(({ topic, filter }) => ({ topic, filter })),
    /** Topics of the subscriptions ended so far. */
    offs,
    send: (change: RowChange & { basis?: ChangeFrame['basis'] }) => {
      const frame: ChangeFrame = { ...change, type: 'change', seq: ++seq };
      subscriptions.forEach((s) => s.handle(frame));
    },
    resync: () => resyncs.forEach((h) => h()),
  };
}
