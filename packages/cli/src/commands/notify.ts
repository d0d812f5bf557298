import {
  isNotificationDelivery,
  isNotificationKind,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationPrefs,
} from '@cadence/core';
import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';

/** `--set kind=delivery` pairs, checked before anything is sent (a typo is a usage error naming it). */
export function parseSettings(pairs: readonly string[]): Partial<Record<NotificationKind, NotificationDelivery>> {
  const kinds: Partial<Record<NotificationKind, NotificationDelivery>> = {};
  for (const pair of pairs.flatMap((p) => p.split(','))) {
    const [kind, delivery, ...rest] = pair.split('=').map((s) => s.trim());
    if (!kind || !delivery || rest.length) throw usageError(`"${pair}" is not kind=delivery, e.g. task_assigned=email`);
    if (!isNotificationKind(kind)) throw usageError(`"${kind}" is not a notification kind: ${NOTIFICATION_KINDS.join(', ')}`);
    if (!isNotificationDelivery(delivery)) throw usageError(`"${delivery}" is not a delivery: ${NOTIFICATION_DELIVERIES.join(', ')}`);
    kinds[kind] = delivery;
  }
  return kinds;
}

const lines = (p: NotificationPrefs): string[] => [
  ...table([['KIND', 'DELIVERY', 'WHAT'], ...NOTIFICATION_KINDS.map((k) => [k, p.kinds[k], NOTIFICATION_KIND_LABELS[k]])]),
  '',
  `Daily digest at ${p.digest_time} (${p.time_zone})`,
];

/**
 * `cadence notify prefs`: how the signed-in person hears about each kind (docs/adr/0060), and with
 * `--set kind=delivery`, `--digest-time HH:MM` or `--time-zone Zone` changes them. Access keys
 * have no inbox: the server refuses them.
 */
export async function notifyPrefs(ctx: CommandContext, opts: { set?: string[]; digestTime?: string; timeZone?: string }): Promise<void> {
  const client = clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
  const kinds = parseSettings(opts.set ?? []);
  const changing = Object.keys(kinds).length > 0 || opts.digestTime !== undefined || opts.timeZone !== undefined;
  const prefs = changing
    ? await client.notifications.setPrefs({
        ...(Object.keys(kinds).length ? { kinds } : {}),
        ...(opts.digestTime !== undefined ? { digest_time: opts.digestTime } : {}),
        ...(opts.timeZone !== undefined ? { time_zone: opts.timeZone } : {}),
      })
    : await client.notifications.prefs();
  if (changing) ctx.out.success('Notification settings saved');
  ctx.out.result(prefs, () => lines(prefs));
}
