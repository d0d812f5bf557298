import { describe, expect, it } from 'vitest';
import type { Channel } from '../channels';
import type { Scope } from '../constants';
import { applyScopeChange, normalizeScopedCampaign, primaryChannelFallback, promote, toggleChannel } from './scope';

const form = (scope: Scope, primary_channel: Channel | null, channels: Channel[]) => ({ title: 'Launch', scope, primary_channel, channels });

describe('applyScopeChange', () => {
  it('should clear the channels when switching to channel scope', () => {
    expect(applyScopeChange(form('global', null, ['email', 'seo']), 'channel')).toEqual(form('channel', null, []));
  });

  it('should clear the primary channel when switching to global scope', () => {
    expect(applyScopeChange(form('channel', 'seo', ['seo']), 'global')).toEqual(form('global', null, ['seo']));
  });

  it('should change nothing when the scope stays the same', () => {
    const f = form('global', null, ['email']);
    expect(applyScopeChange(f, 'global')).toBe(f);
  });

  it('should not mutate the form', () => {
    const f = form('global', null, ['email']);
    applyScopeChange(f, 'channel');
    expect(f.channels).toEqual(['email']);
  });
});

describe('primaryChannelFallback', () => {
  it('should take the first channel, else content', () => {
    expect(primaryChannelFallback(['pr', 'email'])).toBe('pr');
    expect(primaryChannelFallback([])).toBe('content');
  });
});

describe('normalizeScopedCampaign', () => {
  it('should make a channel campaign list only its primary channel', () => {
    expect(normalizeScopedCampaign(form('channel', 'seo', ['email', 'seo']))).toEqual(form('channel', 'seo', ['seo']));
  });

  it('should give a channel campaign without primary channel the fallback', () => {
    expect(normalizeScopedCampaign(form('channel', null, ['pr']))).toEqual(form('channel', 'pr', ['pr']));
    expect(normalizeScopedCampaign(form('channel', null, []))).toEqual(form('channel', 'content', ['content']));
  });

  it('should clear the primary channel of a global campaign and drop duplicate channels', () => {
    expect(normalizeScopedCampaign(form('global', 'seo', ['seo', 'email', 'seo']))).toEqual(form('global', null, ['seo', 'email']));
  });
});

describe('toggleChannel', () => {
  it('should add a missing channel at the end and remove a present one', () => {
    expect(toggleChannel(['email'], 'seo')).toEqual(['email', 'seo']);
    expect(toggleChannel(['email', 'seo'], 'email')).toEqual(['seo']);
    expect(toggleChannel([], 'pr')).toEqual(['pr']);
  });

  it('should not mutate the input', () => {
    const channels: Channel[] = ['email'];
    toggleChannel(channels, 'seo');
    expect(channels).toEqual(['email']);
  });
});

describe('promote', () => {
  it('should make a channel-only campaign global without a primary channel', () => {
    expect(promote(form('channel', 'seo', ['seo']))).toEqual(form('global', null, ['seo']));
  });
});
