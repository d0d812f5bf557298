// @cadence/widgets/campaign-list: the CampaignList, StatCards and FilterBar and the provider, and nothing else (see provider.ts).
export * from './provider';
export { CampaignList } from '../list/CampaignList';
export type { CampaignListProps } from '../list/CampaignList';
export { StatCards } from '../list/StatCards';
export type { StatCardsProps } from '../list/StatCards';
export { FilterBar } from '../filters/FilterBar';
export type { FilterBarProps } from '../filters/FilterBar';
