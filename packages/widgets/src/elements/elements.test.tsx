import { can, principalFrom, toWirePrincipal } from '@cadence/core';
import { waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { baseStyles } from '../styles/CadenceStyles';
import { makeCampaign } from '../testing/fixtures';
import { makeTask } from '../testing/fixtures-more';
import { DEFAULT_MEMORY_USER_ID, createMemoryClient } from '../testing/memory-client';
import { Calendar } from '../calendar/Calendar';
import { configFromAttributes, readOnlyUser } from './config';
import { ELEMENT_CSS, createWidgetElement, defineCadenceElements, type CadenceElement } from './elements';

describe('configFromAttributes: attributes → provider settings and widget props', () => {
  it('maps the calendar attributes and reads read-only as a flag', () => {
    const c = configFromAttributes('cadence-calendar', {
      'api-url': ' https://cadence.example.com ', 'access-key': 'ck_1', channel: 'email', view: 'live', mode: 'week', date: '2026-03-01', 'read-only': '',
    });
    expect(c).toMatchObject({ widget: 'Calendar', apiUrl: 'https://cadence.example.com', accessKey: 'ck_1', readOnly: true, errors: [] });
    expect(c.props).toEqual({ channel: 'email', view: 'live', mode: 'week', date: '2026-03-01' });
    expect(configFromAttributes('cadence-calendar', { 'api-url': 'http://x', 'read-only': 'false' }).readOnly).toBe(false);
  });

  it('gives the Gantt its range from range, or from mode', () => {
    expect(configFromAttributes('cadence-gantt', { 'api-url': 'http://x', mode: 'year' }).props).toEqual({ range: 'year' });
    expect(configFromAttributes('cadence-gantt', { 'api-url': 'http://x', mode: 'year', range: 'month' }).props).toEqual({ range: 'month' });
  });

  it('reads editable as a flag on the calendar and the Gantt only', () => {
    expect(configFromAttributes('cadence-calendar', { 'api-url': 'http://x', editable: 'false' }).props).toEqual({ editable: false });
    expect(configFromAttributes('cadence-gantt', { 'api-url': 'http://x', editable: '' }).props).toEqual({ editable: true });
    expect(configFromAttributes('cadence-ideas', { 'api-url': 'http://x', editable: 'false' }).props).toEqual({});
    expect(configFromAttributes('cadence-calendar', { 'api-url': 'http://x', editable: 'no' }).errors).toEqual([
      '[Cadence] <cadence-calendar>: editable="no" is not valid; use "true" or "false".',
    ]);
  });

  it('passes only the attributes a widget has', () => {
    expect(configFromAttributes('cadence-ideas', { 'api-url': 'http://x', channel: 'email', view: 'live' }).props).toEqual({});
    expect(configFromAttributes('cadence-events', { 'api-url': 'http://x', view: 'planning', tab: 'list' }).props).toEqual({ view: 'planning', tab: 'list' });
    expect(configFromAttributes('cadence-ad-manager', { 'api-url': 'http://x', tab: 'performance' }).props).toEqual({ tab: 'performance' });
  });

  it('explains misuse, schedule-x style', () => {
    const c = configFromAttributes('cadence-calendar', { mode: 'quarter', channel: 'fax' });
    expect(c.errors).toHaveLength(3);
    expect(c.errors[0]).toBe('[Cadence] <cadence-calendar>: set the api-url attribute to your Cadence server, e.g. <cadence-calendar api-url="https://cadence.example.com">.');
    expect(c.errors[2]).toBe('[Cadence] <cadence-calendar>: mode="quarter" is not valid; use "month", "week".');
    expect(c.errors[1]).toMatch(/^\[Cadence\] <cadence-calendar>: channel="fax" is not valid; use "email", /);
    expect(configFromAttributes('cadence-gantt', { 'api-url': 'cadence.local' }).errors[0]).toMatch(/api-url must be an absolute http\(s\) URL/);
  });

  it('a read-only element lets even an administrator write nothing', () => {
    const admin = { userId: 'u', role: 'admin' as const, permissions: [] };
    const res = readOnlyUser({
      user: { id: 'u', email: 'a@example.com', email_confirmed_at: null, created_at: '2030-01-01T00:00:00.000Z' },
      role: 'admin', permissions: [], principal: toWirePrincipal(admin), abilities: {},
    });
    const p = principalFrom(res);
    expect(can(p, 'read', 'calendar')).toBe(true);
    const writes = [can(p, 'create', 'campaign'), can(p, 'create', 'idea'), can(p, 'create', 'event'), can(p, 'create', 'industry'), can(p, 'administer', 'user')];
    expect(writes).toEqual([false, false, false, false, false]);
    expect((res.abilities as { read_only: boolean }).read_only).toBe(true);
  });
});

describe('the custom elements in jsdom', () => {
  beforeAll(() => defineCadenceElements());
  afterEach(() => document.body.replaceChildren());

  const mount = (html: string): CadenceElement => {
    document.body.insertAdjacentHTML('beforeend', html);
    return document.body.lastElementChild as CadenceElement;
  };
  const shadow = (el: Element) => within(el.shadowRoot as unknown as HTMLElement);

  it('registers every tag once (a second define is harmless)', () => {
    defineCadenceElements();
    for (const tag of ['cadence-calendar', 'cadence-gantt', 'cadence-channel-board', 'cadence-ideas', 'cadence-ad-manager', 'cadence-events', 'cadence-permissions', 'cadence-my-work']) {
      expect(customElements.get(tag)).toBeDefined();
    }
  });

  it('renders in an open shadow root with the stylesheet inside it, not in the document', async () => {
    const el = mount('<cadence-calendar></cadence-calendar>');
    el.client = createMemoryClient({ campaigns: [makeCampaign({ title: 'Shadow launch', planning_start_date: '2026-03-09', live_date: '2026-03-12' })] });
    const styles = [...el.shadowRoot!.children].filter((c) => c.localName === 'style');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.textContent).toContain(baseStyles); // (empty under vitest: CSS is not processed)
    expect(styles[0]!.textContent).toContain(ELEMENT_CSS.trim().slice(0, 20));
    await waitFor(() => expect(shadow(el).getByRole('heading', { name: 'Planning Timeline' })).toBeInTheDocument());
    // The calendar's own part renders with it, inside the shadow root; nothing lands in the document.
    expect(el.shadowRoot!.querySelectorAll('.cad-embed style')).toHaveLength(1);
    expect(document.querySelector('style')).toBeNull();
    expect(document.body.querySelector('.cad-root')).toBeNull();
  });

  it('keeps a client the page set before the definition arrived (the standalone scripts define their elements late)', async () => {
    // A tag of its own: the registry cannot forget the one defined in beforeAll.
    const el = mount('<late-cadence-calendar view="live"></late-cadence-calendar>');
    const client = createMemoryClient({ campaigns: [makeCampaign({ title: 'Early client', planning_start_date: '2026-03-09', live_date: '2026-03-12' })] });
    el.client = client; // an own data property of the plain HTMLElement, for now
    expect(Object.hasOwn(el, 'client')).toBe(true);
    await act(async () => customElements.define('late-cadence-calendar', createWidgetElement('cadence-calendar', Calendar)));
    expect(Object.hasOwn(el, 'client')).toBe(false); // the class's accessor is no longer hidden
    expect(el.client).toBe(client);
    await waitFor(() => expect(shadow(el).getByRole('heading', { name: 'Live Campaign Calendar' })).toBeInTheDocument());
    // No misuse message: the element rendered with the client, not its attributes (it has no api-url).
    expect(shadow(el).queryByRole('alert')).toBeNull();
    const other = createMemoryClient();
    el.client = other; // and later sets go through the setter
    expect(Object.hasOwn(el, 'client')).toBe(false);
    expect(el.client).toBe(other);
  });

  it('re-renders when an attribute changes', async () => {
    const el = mount('<cadence-calendar view="planning"></cadence-calendar>');
    el.client = createMemoryClient();
    await waitFor(() => expect(shadow(el).getByRole('heading', { name: 'Planning Timeline' })).toBeInTheDocument());
    await act(async () => el.setAttribute('view', 'live'));
    await waitFor(() => expect(shadow(el).getByRole('heading', { name: 'Live Campaign Calendar' })).toBeInTheDocument());
    await act(async () => el.setAttribute('mode', 'week'));
    await waitFor(() => expect(shadow(el).getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('hides editing actions with read-only', async () => {
    const el = mount('<cadence-ideas></cadence-ideas>');
    el.client = createMemoryClient();
    await waitFor(() => expect(shadow(el).getAllByRole('button', { name: /Create Your First Idea|New Idea/ }).length).toBeGreaterThan(0));
    await act(async () => el.setAttribute('read-only', ''));
    await waitFor(() => expect(shadow(el).queryAllByRole('button', { name: /Create Your First Idea|New Idea/ })).toHaveLength(0));
  });

  it('renders My work in <cadence-my-work>, the signed-in user\'s tasks', async () => {
    const campaign = makeCampaign({ title: 'Embedded launch', planning_start_date: '2026-03-09', live_date: '2026-03-12' });
    const el = mount('<cadence-my-work></cadence-my-work>');
    el.client = createMemoryClient({ campaigns: [campaign], tasks: [makeTask(campaign, { title: 'Embedded task', assignee_id: DEFAULT_MEMORY_USER_ID })] });
    await waitFor(() => expect(shadow(el).getByRole('heading', { name: 'My work' })).toBeInTheDocument());
    expect(await shadow(el).findByRole('checkbox', { name: 'Done: Embedded task' })).toBeInTheDocument();
  });

  it('unmounts on removal', async () => {
    const el = mount('<cadence-calendar></cadence-calendar>');
    el.client = createMemoryClient();
    await waitFor(() => expect(shadow(el).getByRole('heading', { name: 'Planning Timeline' })).toBeInTheDocument());
    await act(async () => el.remove());
    expect(el.shadowRoot!.querySelector('.cad-embed')!.childElementCount).toBe(0);
  });

  it('shows the misuse message without api-url, and logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const el = await act(async () => mount('<cadence-gantt mode="decade"></cadence-gantt>'));
    const alert = shadow(el).getByRole('alert');
    expect(alert).toHaveTextContent('[Cadence] <cadence-gantt>: set the api-url attribute');
    expect(alert).toHaveTextContent('mode="decade" is not valid');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('[Cadence] <cadence-gantt>: set the api-url attribute'));
    error.mockRestore();
  });

  it('asks to sign in when there is neither an access key nor a session', async () => {
    const el = await act(async () => mount('<cadence-calendar api-url="http://cadence.test"></cadence-calendar>'));
    const form = shadow(el).getByRole('form', { name: 'Sign in to Cadence' });
    expect(within(form).getByLabelText('Email')).toBeInTheDocument();
    expect(within(form).getByLabelText('Password')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
