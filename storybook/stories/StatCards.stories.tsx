import { StatCards } from '@cadence/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { states } from './support';

const meta = { title: 'Widgets/StatCards', component: StatCards } satisfies Meta<typeof StatCards>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Loading: Story = states.Loading;
export const Empty: Story = states.Empty;
export const ManyCampaigns: Story = states.ManyCampaigns;
export const Error: Story = states.Error;
