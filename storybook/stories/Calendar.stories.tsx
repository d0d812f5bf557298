import { Calendar } from '@cadence/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { scenario, states } from './support';

const meta = { title: 'Widgets/Calendar', component: Calendar } satisfies Meta<typeof Calendar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Loading: Story = states.Loading;
export const Empty: Story = states.Empty;
export const ManyCampaigns: Story = states.ManyCampaigns;
export const Error: Story = states.Error;
export const ReadOnly: Story = states.ReadOnly;
export const LiveWeek: Story = { args: { view: 'live', mode: 'week' }, decorators: [scenario('default')] };
export const ChannelDashboard: Story = { args: { channel: 'webinars' }, decorators: [scenario('default')] };
export const Themed: Story = {
  decorators: [
    scenario('default'),
    (Story) => (
      <div style={{ '--cadence-color-primary': '#7c3aed', '--cadence-radius': '2px', '--cadence-font-family': 'Georgia, serif' } as React.CSSProperties}>
        <Story />
      </div>
    ),
  ],
};
