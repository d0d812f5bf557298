import {
  CadenceApiError,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_DELIVERY_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationPrefs,
} from '@cadence/core';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import pagesCss from '../styles/pages.css?inline';
import { WidgetStyles } from '../styles/WidgetStyles';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { useNotificationPrefs } from './use-inbox';

/** The browser's own time zone: what a person who never chose one is offered. */
const browserZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
};

/**
 * Settings → Notifications (docs/adr/0060): per kind, in the app only, e-mail at once or the daily
 * digest; the digest's time and time zone (the browser's until one is saved).
 */
export function NotificationSettings(props: WidgetProps): ReactNode {
  return (
    <WidgetRoot name="NotificationSettings" {...props}>
      <WidgetStyles css={pagesCss} />
      <SettingsForm />
    </WidgetRoot>
  );
}

function SettingsForm(): ReactNode {
  const { status, prefs, save, refetch } = useNotificationPrefs();
  if (status === 'loading' && !prefs) return <p role="status">Loading notification settings…</p>;
  if (!prefs) {
    return (
      <div role="alert">
        <p>The notification settings could not be loaded.</p>
        <button type="button" className="cad-button" onClick={refetch}>Try again</button>
      </div>
    );
  }
  return <Form prefs={prefs} save={save} />;
}

function Form({ prefs, save }: { prefs: NotificationPrefs; save: ReturnType<typeof useNotificationPrefs>['save'] }): ReactNode {
  const id = useId();
  // A zone still the server's default is most likely never chosen: offer the browser's.
  const initialZone = prefs.time_zone === 'UTC' ? browserZone() : prefs.time_zone;
  const [kinds, setKinds] = useState(prefs.kinds);
  const [digestTime, setDigestTime] = useState(prefs.digest_time);
  const [zone, setZone] = useState(initialZone);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const zoneList = useMemo(zones, []);
  useEffect(() => setKinds(prefs.kinds), [prefs.kinds]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState('saving');
    setErrors({});
    try {
      await save({ kinds, digest_time: digestTime, time_zone: zone });
      setState('saved');
    } catch (err) {
      if (err instanceof CadenceApiError && err.status === 400) {
        setErrors(Object.fromEntries((err.details ?? []).map((d) => [d.path, d.message])));
      }
      setState('failed');
    }
  };
  return (
    <form className="cad-notification-settings" onSubmit={submit} noValidate>
      {NOTIFICATION_KINDS.map((kind: NotificationKind) => (
        <fieldset key={kind}>
          <legend>{NOTIFICATION_KIND_LABELS[kind]}</legend>
          <div className="cad-notification-settings__choices">
            {NOTIFICATION_DELIVERIES.map((d: NotificationDelivery) => (
              <label key={d}>
                <input type="radio" name={`${id}-${kind}`} value={d} checked={kinds[kind] === d} onChange={() => setKinds((k) => ({ ...k, [kind]: d }))} />
                {NOTIFICATION_DELIVERY_LABELS[d]}
              </label>
            ))}
          </div>
          {errors[`kinds.${kind}`] && <p className="cad-notification-settings__error">{errors[`kinds.${kind}`]}</p>}
        </fieldset>
      ))}
      <div className="cad-notification-settings__digest">
        <label>
          Daily digest at
          <input type="time" value={digestTime} required onChange={(e) => setDigestTime(e.target.value)} aria-invalid={!!errors.digest_time} aria-describedby={errors.digest_time ? `${id}-time-error` : undefined} />
        </label>
        <label>
          Time zone
          <input list={`${id}-zones`} value={zone} onChange={(e) => setZone(e.target.value)} aria-invalid={!!errors.time_zone} aria-describedby={errors.time_zone ? `${id}-zone-error` : undefined} />
          <datalist id={`${id}-zones`}>
            {zoneList.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </label>
      </div>
      {errors.digest_time && <p id={`${id}-time-error`} className="cad-notification-settings__error">Digest time: {errors.digest_time}</p>}
      {errors.time_zone && <p id={`${id}-zone-error`} className="cad-notification-settings__error">Time zone: {errors.time_zone}</p>}
      <button type="submit" className="cad-button cad-button--primary" disabled={state === 'saving'}>
        {state === 'saving' ? 'Saving…' : 'Save'}
      </button>
      <p role="status" className="cad-notification-settings__status">
        {state === 'saved' ? 'Notification settings saved.' : state === 'failed' && !Object.keys(errors).length ? 'The settings could not be saved. Try again.' : ''}
      </p>
    </form>
  );
}
