// @cadence/widgets/testing: an in-memory CadenceClient with fixtures, for tests and stories.
export { DEFAULT_MEMORY_USER_ID, createMemoryClient } from './testing/memory-client';
export type { MemoryCall, MemoryClient, MemoryClientOptions, MemoryControl, MemoryUser } from './testing/memory-client';
export { makeCampaign, makeVirtualCampaign, manyCampaigns, sampleCampaigns, sampleVirtualCampaigns } from './testing/fixtures';
