import { CHANNELS, type Channel } from '@cadence/core';
import { useId, type ReactNode } from 'react';
import { toggleChannel } from '@cadence/core';
import { changeScope } from '../form-state';
import type { SectionProps } from './BasicFields';
import { Field, Select } from '../../ui/Field';

const CHANNEL_OPTIONS = CHANNELS.map((c) => [c.value, c.label] as const);

/**
 * docs/product.md#validation-campaign: in channel scope the chips are not selectable and only the primary channel is
 * highlighted; in global scope they toggle. The scope radio clears as core's rule says.
 */
export function ScopeFields({ form, set, replace, errors = {} }: SectionProps & { replace: (f: SectionProps['form']) => void }): ReactNode {
  const scopeId = useId();
  const chipsId = useId();
  const channelScope = form.scope === 'channel';
  const selected = (ch: Channel) => (channelScope ? form.primary_channel === ch : form.channels.includes(ch));
  return (
    <>
      <fieldset className="cad-fieldset">
        <legend id={scopeId} className="cad-field__label">Campaign Scope</legend>
        <label className="cad-radio">
          <input type="radio" name={scopeId} checked={!channelScope} onChange={() => replace(changeScope(form, 'global'))} />
          Global (main calendar)
        </label>
        <label className="cad-radio">
          <input type="radio" name={scopeId} checked={channelScope} onChange={() => replace(changeScope(form, 'channel'))} />
          Channel only
        </label>
      </fieldset>
      {channelScope && (
        <Field label="Primary Channel" required error={errors.primary_channel}>
          {(p) => (
            <Select options={CHANNEL_OPTIONS} value={form.primary_channel ?? ''} placeholder="Select a channel"
              onChange={(v) => set({ primary_channel: v || null })} {...p} />
          )}
        </Field>
      )}
      <div className="cad-field">
        <p id={chipsId} className="cad-field__label">Marketing Channels</p>
        <div role="group" aria-labelledby={chipsId} className="cad-chips">
          {CHANNELS.map((c) => (
            <button
              key={c.value}
              type="button"
              className="cad-toggle-chip"
              aria-pressed={selected(c.value)}
              disabled={channelScope}
              style={selected(c.value) ? { borderColor: c.color, background: `${c.color}22` } : undefined}
              onClick={() => set({ channels: toggleChannel(form.channels, c.value) })}
            >
              <span className="cad-dot" style={{ background: c.color }} aria-hidden="true" />
              {c.label}
            </button>
          ))}
        </div>
      </div>
    </>
  );
}
