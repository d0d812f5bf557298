import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCampaign } from '../testing/fixtures';
import { createMemoryClient } from '../testing/memory-client';
import type { CadenceElement } from './define';

describe('the calendar-only standalone script', () => {
  afterEach(() => document.body.replaceChildren());

  it('registers <cadence-calendar> alone, and renders the calendar in its shadow root', async () => {
    // The page's element and its client come first: the loader (dist-standalone/cadence-calendar.js)
    // imports the ES entry asynchronously, so the definition arrives after the page's own script ran.
    document.body.insertAdjacentHTML('beforeend', '<cadence-calendar view="live"></cadence-calendar>');
    const early = document.body.lastElementChild as CadenceElement;
    const client = createMemoryClient({ campaigns: [makeCampaign({ title: 'Solo launch', planning_start_date: '2026-03-09', live_date: '2026-03-12' })] });
    early.client = client;
    await import('../standalone-calendar'); // what the ES entry the loader imports does
    expect(customElements.get('cadence-calendar')).toBeDefined();
    for (const tag of ['cadence-gantt', 'cadence-channel-board', 'cadence-ideas', 'cadence-ad-manager', 'cadence-events', 'cadence-permissions', 'cadence-my-work']) {
      expect(customElements.get(tag)).toBeUndefined();
    }
    expect(Object.hasOwn(early, 'client')).toBe(false);
    expect(early.client).toBe(client);
    await waitFor(() => expect(within(early.shadowRoot as unknown as HTMLElement).getByRole('heading', { name: 'Live Campaign Calendar' })).toBeInTheDocument());

    document.body.insertAdjacentHTML('beforeend', '<cadence-calendar view="live"></cadence-calendar>');
    const el = document.body.lastElementChild as CadenceElement;
    el.client = createMemoryClient({ campaigns: [makeCampaign({ title: 'Solo launch', planning_start_date: '2026-03-09', live_date: '2026-03-12' })] });
    const shadow = within(el.shadowRoot as unknown as HTMLElement);
    await waitFor(() => expect(shadow.getByRole('heading', { name: 'Live Campaign Calendar' })).toBeInTheDocument());
  });

  it('leaves the other definitions to the full script, and its own alone when loaded twice', async () => {
    const first = customElements.get('cadence-calendar');
    const { defineCadenceElements } = await import('./elements');
    defineCadenceElements(); // the full script after the calendar-only one
    expect(customElements.get('cadence-calendar')).toBe(first);
    expect(customElements.get('cadence-gantt')).toBeDefined();
  });
});
