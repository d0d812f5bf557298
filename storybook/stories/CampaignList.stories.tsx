import { CampaignList, StatCards } from '@cadence/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { states } from './support';

const meta = { title: 'Widgets/CampaignList', component: CampaignList } satisfies Meta<typeof CampaignList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Loading: Story = states.Loading;
export const Empty: Story = states.Empty;
export const ManyCampaigns: Story = states.ManyCampaigns;
export const Error: Story = states.Error;
export const ReadOnly: Story = states.ReadOnly;
export const WithStatCards: Story = {
  ...states.Default,
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <StatCards />
      <CampaignList {...args} />
    </div>
  ),
};
