import { EventsBoard } from '@cadence/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { pageStates } from './pages-support';

const meta = {
  title: 'Widgets/EventsBoard',
  component: EventsBoard,
  argTypes: { tab: { control: 'select', options: ['timeline', 'calendar', 'list'] } },
} satisfies Meta<typeof EventsBoard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Timeline: Story = pageStates.Default;
export const Calendar: Story = { ...pageStates.Default, args: { tab: 'calendar' } };
export const EventList: Story = { ...pageStates.Default, args: { tab: 'list' } };
export const Loading: Story = { ...pageStates.Loading, args: { tab: 'list' } };
export const Empty: Story = { ...pageStates.Empty, args: { tab: 'list' } };
export const ManyEvents: Story = pageStates.Many;
export const ManyEventsList: Story = { ...pageStates.Many, args: { tab: 'list' } };
export const Error: Story = { ...pageStates.Error, args: { tab: 'list' } };
export const ReadOnly: Story = { ...pageStates.ReadOnly, args: { tab: 'list' } };
