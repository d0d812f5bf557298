import { addDays } from '@cadence/core';
import { CadenceProvider } from '@cadence/widgets';
import {
  createMemoryClient,
  makeAd,
  makeEvent,
  makeIdea,
  makeProspective,
  makePublication,
  sampleCampaigns,
  sampleWorkspace,
  type MemoryClient,
  type MemoryClientOptions,
} from '@cadence/widgets/testing';
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { TODAY, type Scenario } from './support';

const now = () => new Date(2026, 2, 11, 10, 0);
const viewer = { role: null, permissions: [{ permission_type: 'global_view' as const, channel: null }] };

/** Hundreds of rows of every kind, for the 'many' stories. */
function manyWorkspace(): MemoryClientOptions {
  const base = sampleWorkspace(TODAY);
  const pubs = Array.from({ length: 24 }, (_, i) => makePublication({ name: `Publication ${String(i + 1).padStart(2, '0')}`, region: ['NA', 'EMEA', 'APAC'][i % 3] ?? 'NA', industry_tags: ['Construction', 'Power'] }));
  const types = base.adTypes ?? [];
  return {
    ...base,
    ideas: Array.from({ length: 60 }, (_, i) => makeIdea({ title: `Idea ${i + 1}`, description: 'Generated idea.', created_at: `${addDays(TODAY, -i)}T09:00:00.000Z` })),
    publications: [...(base.publications ?? []), ...pubs],
    ads: [
      ...(base.ads ?? []),
      ...pubs.flatMap((p, i) => Array.from({ length: 8 }, (_, j) => makeAd({
        publication_id: p.id, ad_type_id: types[0]?.id ?? p.id, due_date: addDays(TODAY, i + j * 3 - 20), live_date: addDays(TODAY, i + j * 3 - 10),
        status: (['new', 'content_requested', 'content_ready', 'live'] as const)[(i + j) % 4] ?? 'new',
      }))),
    ],
    prospective: Array.from({ length: 150 }, (_, i) => makeProspective({ name: `Prospect ${i + 1}`, region: 'NA', website: `prospect${i + 1}.example`, contacts: `sales${i + 1}@prospect.example` })),
    events: Array.from({ length: 40 }, (_, i) => makeEvent({ name: `Event ${i + 1}`, start_date: addDays(TODAY, i * 4 - 40), end_date: addDays(TODAY, i * 4 - 38) })),
  };
}

const FAILING = ['ideas.list', 'comments.listAll', 'ads.list', 'publications.list', 'adTypes.list', 'prospective.list', 'articles.list', 'events.list', 'users.list', 'users.permissions'];

export function pageClientFor(scenario: Scenario): MemoryClient {
  const data = { ...sampleWorkspace(TODAY), campaigns: sampleCampaigns(TODAY) };
  switch (scenario) {
    case 'loading':
      return createMemoryClient({ now, ...data, latencyMs: 60 * 60 * 1000 });
    case 'empty':
      return createMemoryClient({ now });
    case 'many':
      return createMemoryClient({ now, ...manyWorkspace() });
    case 'error': {
      const client = createMemoryClient({ now, ...data });
      for (const op of FAILING) client.control.failAlways(op);
      return client;
    }
    case 'read-only':
      return createMemoryClient({ now, ...data, user: viewer });
    default:
      return createMemoryClient({ now, ...data, latencyMs: 250 });
  }
}

const pageScenario = (s: Scenario): Decorator =>
  function PageScenarioDecorator(Story) {
    const [client] = useState(() => pageClientFor(s));
    return (
      <CadenceProvider client={client} now={now}>
        <Story />
      </CadenceProvider>
    );
  };

/** The standard states for the pages of issue #6, one story each. */
export const pageStates: Record<'Default' | 'Loading' | 'Empty' | 'Many' | 'Error' | 'ReadOnly', { decorators: Decorator[] }> = {
  Default: { decorators: [pageScenario('default')] },
  Loading: { decorators: [pageScenario('loading')] },
  Empty: { decorators: [pageScenario('empty')] },
  Many: { decorators: [pageScenario('many')] },
  Error: { decorators: [pageScenario('error')] },
  ReadOnly: { decorators: [pageScenario('read-only')] },
};
