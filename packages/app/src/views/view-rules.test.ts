import { describe, expect, it } from 'vitest';
import { suggestViewName } from './view-name';
import { CadenceApiError } from '@cadence/core';
import { deleteFailure, formErrorOf, groupViews, isActiveView } from './view-rules';

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

  it('should put a bad or taken name on the field, and say why a delete was refused', () => {
    const taken = new CadenceApiError(409, 'already_exists', 'A view named “Live” already exists', [{ path: 'name', message: 'A view named “Live” already exists' }]);
    expect(formErrorOf(taken)).toEqual({ name: 'A view named “Live” already exists' });
    expect(formErrorOf(new CadenceApiError(400, 'validation_failed', 'Bad', [{ path: 'query', message: 'Bad link' }]))).toEqual({ form: 'Bad link' });
    expect(formErrorOf(new CadenceApiError(500, 'internal', 'Oops'))).toBeNull();
    expect(deleteFailure(new CadenceApiError(409, 'already_exists', 'This view is bound to the access key “Feed”. Revoke the key first.')).description)
      .toBe('This view is bound to the access key “Feed”. Revoke the key first.');
    expect(deleteFailure(new Error('x')).description).toBe('Please try again.');
  });

  it('should list personal views, then shared ones, each by name', () => {
    const g = groupViews([view({ id: '1', name: 'b', shared: false, created_by: 'me' }), view({ id: '2', name: 'Team', shared: true, created_by: 'x' }),
      view({ id: '3', name: 'A', shared: false, created_by: 'me' }), view({ id: '4', name: 'Mine shared', shared: true, created_by: 'me' })], 'me');
    expect(g.personal.map((v) => v.name)).toEqual(['A', 'b']);
    expect(g.shared.map((v) => v.name)).toEqual(['Mine shared', 'Team']);
  });
});
