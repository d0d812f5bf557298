// @cadence/widgets/channel-board: the ChannelBoard and the provider, and nothing else (see provider.ts).
export * from './provider';
export { ChannelBoard } from '../channels/ChannelBoard';
export type { ChannelBoardProps } from '../channels/ChannelBoard';
