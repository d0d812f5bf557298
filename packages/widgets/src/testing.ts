// @cadence/widgets/testing: an in-memory CadenceClient with fixtures, for tests and stories.
export { DEFAULT_MEMORY_USER_ID, createMemoryClient } from './testing/memory-client';
export type { MemoryCall, MemoryClient, MemoryClientOptions, MemoryControl, MemoryDirectoryUser, MemoryUser } from './testing/memory-client';
export { makeCampaign, makeVirtualCampaign, manyCampaigns, sampleCampaigns, sampleVirtualCampaigns } from './testing/fixtures';
export {
  EDITOR_ID,
  VIEWER_ID,
  makeAd,
  makeAdType,
  makeArticle,
  makeCampaignComment,
  makeComment,
  makeEvent,
  makeIdea,
  makeProspective,
  makePublication,
  makeTask,
  sampleWorkspace,
  withTaskSummary,
} from './testing/fixtures-more';
