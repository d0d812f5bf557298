import { describe, expect, it } from 'vitest';
import { suggestViewName } from './view-name';
import { canManageView, groupViews, isActiveView } from './view-rules';

const view = (fields: { id: string; name: string; shared: boolean; created_by: string }) => ({
  ...fields, dashboard: 'global' as const, query: '', created_by_email: null, created_at: '', updated_at: '', version: 1,
});

describe('saved view rules', () => {
  it('should suggest a name from the filters, the channel and the tab', () => {
    expect(suggestViewName('global', { channel: ['email', 'social'], status: 'live' })).toBe('Email, Social Media · Live');
    expect(suggestViewName('global', {}, 'timeline')).toBe('Timeline');
    expect(suggestViewName('global', {})).toBe('Global Calendar');
    expect(suggestViewName('email', { priority: 'high', q: 'launch' })).toBe('Email · High priority · “launch”');
    expect(suggestViewName('email', {})).toBe('Email · Calendar');
    expect(suggestViewName('global', { q: 'x'.repeat(100) })).toHaveLength(80);
  });

  it('should mark the view whose page and query are the address', () => {
    expect(isActiveView({ dashboard: 'global', query: 'status=live' }, '/', '?status=live')).toBe(true);
    expect(isActiveView({ dashboard: 'global', query: 'status=live' }, '/', '?status=live&tab=list')).toBe(false);
    expect(isActiveView({ dashboard: 'email', query: '' }, '/channel/email', '')).toBe(true);
    expect(isActiveView({ dashboard: 'global', query: '' }, '/channel/email', '')).toBe(false);
  });

  it('should let owners change their views and admins the shared ones', () => {
    const admin = { userId: 'a', role: 'admin' as const, permissions: [] };
    const viewer = { userId: 'v', role: null, permissions: [] };
    expect(canManageView({ created_by: 'v', shared: false }, viewer)).toBe(true);
    expect(canManageView({ created_by: 'a', shared: true }, viewer)).toBe(false);
    expect(canManageView({ created_by: 'v', shared: true }, admin)).toBe(true);
    expect(canManageView({ created_by: 'v', shared: false }, admin)).toBe(false);
    expect(canManageView({ created_by: 'v', shared: false }, { ...viewer, readOnly: true })).toBe(false);
  });

  it('should list personal views, then shared ones, each by name', () => {
    const g = groupViews([view({ id: '1', name: 'b', shared: false, created_by: 'me' }), view({ id: '2', name: 'Team', shared: true, created_by: 'x' }),
      view({ id: '3', name: 'A', shared: false, created_by: 'me' }), view({ id: '4', name: 'Mine shared', shared: true, created_by: 'me' })], 'me');
    expect(g.personal.map((v) => v.name)).toEqual(['A', 'b']);
    expect(g.shared.map((v) => v.name)).toEqual(['Mine shared', 'Team']);
  });
});
