// @cadence/widgets/ideas: the IdeasBoard and the provider, and nothing else (see provider.ts).
export * from './provider';
export { IdeasBoard } from '../ideas/IdeasBoard';
export type { IdeasBoardProps } from '../ideas/IdeasBoard';
