import { CadenceProvider } from '@cadence/widgets';
import {
  createMemoryClient,
  manyCampaigns,
  sampleCampaigns,
  sampleVirtualCampaigns,
  type MemoryClient,
} from '@cadence/widgets/testing';
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';

/** Every story runs on Wednesday 2026-03-11, so screenshots and reviews are stable. */
export const TODAY = '2026-03-11';
const now = () => new Date(2026, 2, 11, 10, 0);

export type Scenario = 'default' | 'loading' | 'empty' | 'many' | 'error' | 'read-only';

export function clientFor(scenario: Scenario): MemoryClient {
  const viewer = { role: null, permissions: [{ permission_type: 'global_view' as const, channel: null }] };
  switch (scenario) {
    case 'loading':
      return createMemoryClient({ now, latencyMs: 60 * 60 * 1000 });
    case 'empty':
      return createMemoryClient({ now });
    case 'many':
      return createMemoryClient({ now, campaigns: manyCampaigns(2000, TODAY) });
    case 'error': {
      const client = createMemoryClient({ now, campaigns: sampleCampaigns(TODAY) });
      client.control.failAlways('campaigns.list');
      return client;
    }
    case 'read-only':
      return createMemoryClient({ now, campaigns: sampleCampaigns(TODAY), virtual: sampleVirtualCampaigns(TODAY), user: viewer });
    default:
      return createMemoryClient({ now, campaigns: sampleCampaigns(TODAY), virtual: sampleVirtualCampaigns(TODAY), latencyMs: 250 });
  }
}

/** Wraps the story in a provider with the scenario's in-memory client and the fixed clock. */
export const scenario = (s: Scenario): Decorator =>
  function ScenarioDecorator(Story) {
    const [client] = useState(() => clientFor(s));
    return (
      <CadenceProvider client={client} now={now}>
        <Story />
      </CadenceProvider>
    );
  };

/** The standard set of states, one story each. */
export const states: Record<'Default' | 'Loading' | 'Empty' | 'ManyCampaigns' | 'Error' | 'ReadOnly', { decorators: Decorator[] }> = {
  Default: { decorators: [scenario('default')] },
  Loading: { decorators: [scenario('loading')] },
  Empty: { decorators: [scenario('empty')] },
  ManyCampaigns: { decorators: [scenario('many')] },
  Error: { decorators: [scenario('error')] },
  ReadOnly: { decorators: [scenario('read-only')] },
};
