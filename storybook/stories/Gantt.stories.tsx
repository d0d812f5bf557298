import { Gantt } from '@cadence/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { scenario, states } from './support';

const meta = { title: 'Widgets/Gantt', component: Gantt } satisfies Meta<typeof Gantt>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Loading: Story = states.Loading;
export const Empty: Story = states.Empty;
export const ManyCampaigns: Story = { args: { range: 'year' }, decorators: [scenario('many')] };
export const Error: Story = states.Error;
export const ReadOnly: Story = states.ReadOnly;
export const LiveMonth: Story = { args: { view: 'live', range: 'month' }, decorators: [scenario('default')] };
export const WithoutChannelInfo: Story = { args: { showChannels: false }, decorators: [scenario('default')] };
