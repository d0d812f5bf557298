import { channelInfo } from '@cadence/core';
import type { ReactNode } from 'react';
import { activeChannels, CONFIG_CHANNELS, type CampaignForm, type ConfigChannel, type ConfigForm } from '../form-state';
import { Field, Select } from '../../ui/Field';

const opts = <T extends string>(pairs: Record<T, string>) => Object.entries(pairs) as Array<[T, string]>;
const CONTENT_TYPES = opts({ image: 'Image', video: 'Video', carousel: 'Carousel', story: 'Story' });
const PLATFORMS = ['Facebook', 'Instagram', 'Twitter', 'LinkedIn', 'TikTok', 'YouTube'] as const;
const FREQUENCIES = opts({ daily: 'Daily', weekly: 'Weekly', 'bi-weekly': 'Bi-weekly', monthly: 'Monthly', 'one-time': 'One-time' });
const EVENT_TYPES = opts({ conference: 'Conference', webinar: 'Webinar', workshop: 'Workshop', networking: 'Networking' });
const EMAIL_TYPES = opts({ newsletter: 'Newsletter', promotional: 'Promotional', announcement: 'Announcement', nurture: 'Nurture' });
const FORMATS = opts({ blog: 'Blog', whitepaper: 'Whitepaper', ebook: 'E-book', 'case-study': 'Case Study', infographic: 'Infographic' });

type SetConfig = <C extends ConfigChannel>(channel: C, patch: Partial<ConfigForm[C]>) => void;
type TextKey<C extends ConfigChannel> = { [K in keyof ConfigForm[C]]: ConfigForm[C][K] extends string ? K : never }[keyof ConfigForm[C]];

function Text<C extends ConfigChannel>({ ch, k, label, hint, config, setConfig, type = 'text' }: {
  ch: C; k: TextKey<C>; label: string; hint?: string; config: ConfigForm; setConfig: SetConfig; type?: 'text' | 'number';
}): ReactNode {
  const value = config[ch][k] as string;
  return (
    <Field label={label} {...(hint ? { hint } : {})}>
      {(p) => (
        <input className="cad-input" type={type} min={type === 'number' ? 0 : undefined} value={value}
          onChange={(e) => setConfig(ch, { [k]: e.target.value } as Partial<ConfigForm[C]>)} {...p} />
      )}
    </Field>
  );
}

/** docs/product.md#channel-config, one block per chosen channel that has one. */
export function ChannelConfigFields({ form, setConfig }: { form: CampaignForm; setConfig: SetConfig }): ReactNode {
  const active = CONFIG_CHANNELS.filter((ch) => activeChannels(form).includes(ch));
  if (active.length === 0) return null;
  const c = form.config;
  const shared = { config: c, setConfig };
  return (
    <section className="cad-form-section" aria-label="Channel-specific configuration">
      <h3 className="cad-form-section__title">Channel-specific configuration</h3>
      {active.includes('social') && (
        <fieldset className="cad-fieldset">
          <legend>{channelInfo('social').label}</legend>
          <Field label="Content Type">{(p) => <Select options={CONTENT_TYPES} value={c.social.content_type} placeholder="Select…" onChange={(v) => setConfig('social', { content_type: v })} {...p} />}</Field>
          <fieldset className="cad-fieldset cad-fieldset--inline">
            <legend className="cad-field__label">Platforms</legend>
            {PLATFORMS.map((pl) => (
              <label key={pl} className="cad-checkbox">
                <input type="checkbox" checked={c.social.platforms.includes(pl)}
                  onChange={() => setConfig('social', { platforms: c.social.platforms.includes(pl) ? c.social.platforms.filter((x) => x !== pl) : [...c.social.platforms, pl] })} />
                {pl}
              </label>
            ))}
          </fieldset>
          <Text ch="social" k="hashtags" label="Hashtags" hint="Separate with spaces" {...shared} />
          <Text ch="social" k="mention_targets" label="Mention Targets" hint="Separate with spaces" {...shared} />
          <Field label="Post Frequency">{(p) => <Select options={FREQUENCIES} value={c.social.post_frequency} placeholder="Select…" onChange={(v) => setConfig('social', { post_frequency: v })} {...p} />}</Field>
        </fieldset>
      )}
      {active.includes('events') && (
        <fieldset className="cad-fieldset">
          <legend>{channelInfo('events').label}</legend>
          <Text ch="events" k="venue" label="Venue" {...shared} />
          <Text ch="events" k="capacity" label="Capacity" type="number" {...shared} />
          <Field label="Event Type">{(p) => <Select options={EVENT_TYPES} value={c.events.event_type} placeholder="Select…" onChange={(v) => setConfig('events', { event_type: v })} {...p} />}</Field>
          <Text ch="events" k="speakers" label="Speakers" hint="Separate with commas" {...shared} />
          <label className="cad-checkbox">
            <input type="checkbox" checked={c.events.registration_required} onChange={(e) => setConfig('events', { registration_required: e.target.checked })} />
            Registration Required
          </label>
        </fieldset>
      )}
      {active.includes('email') && (
        <fieldset className="cad-fieldset">
          <legend>{channelInfo('email').label}</legend>
          <Field label="Email Type">{(p) => <Select options={EMAIL_TYPES} value={c.email.email_type} placeholder="Select…" onChange={(v) => setConfig('email', { email_type: v })} {...p} />}</Field>
          <Text ch="email" k="subject" label="Subject Line" {...shared} />
          <Text ch="email" k="preheader" label="Preheader" {...shared} />
          <Text ch="email" k="segment_criteria" label="Segment Criteria" hint="Separate with commas" {...shared} />
        </fieldset>
      )}
      {active.includes('content') && (
        <fieldset className="cad-fieldset">
          <legend>{channelInfo('content').label}</legend>
          <Field label="Content Format">{(p) => <Select options={FORMATS} value={c.content.content_format} placeholder="Select…" onChange={(v) => setConfig('content', { content_format: v })} {...p} />}</Field>
          <Text ch="content" k="word_count" label="Word Count" type="number" {...shared} />
          <Text ch="content" k="seo_keywords" label="SEO Keywords" hint="Separate with commas" {...shared} />
          <Text ch="content" k="distribution_channels" label="Distribution Channels" hint="Separate with commas" {...shared} />
        </fieldset>
      )}
    </section>
  );
}
