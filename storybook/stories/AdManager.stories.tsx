import { AdManager } from '@cadence/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { pageStates } from './pages-support';

const meta = {
  title: 'Widgets/AdManager',
  component: AdManager,
  argTypes: { tab: { control: 'select', options: ['calendar', 'ads-by-status', 'performance', 'publications', 'prospective', 'articles'] } },
} satisfies Meta<typeof AdManager>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AdsByStatus: Story = pageStates.Default;
export const Calendar: Story = { ...pageStates.Default, args: { tab: 'calendar' } };
export const Performance: Story = { ...pageStates.Default, args: { tab: 'performance' } };
export const Publications: Story = { ...pageStates.Default, args: { tab: 'publications' } };
export const Prospective: Story = { ...pageStates.Default, args: { tab: 'prospective' } };
export const Articles: Story = { ...pageStates.Default, args: { tab: 'articles' } };
export const Loading: Story = pageStates.Loading;
export const Empty: Story = pageStates.Empty;
export const EmptyCalendar: Story = { ...pageStates.Empty, args: { tab: 'calendar' } };
export const EmptyPublications: Story = { ...pageStates.Empty, args: { tab: 'publications' } };
export const EmptyProspective: Story = { ...pageStates.Empty, args: { tab: 'prospective' } };
export const ManyAds: Story = pageStates.Many;
export const ManyOnTimeline: Story = { ...pageStates.Many, args: { tab: 'calendar' } };
export const ManyProspective: Story = { ...pageStates.Many, args: { tab: 'prospective' } };
export const Error: Story = pageStates.Error;
export const ReadOnly: Story = pageStates.ReadOnly;
export const ReadOnlyPublications: Story = { ...pageStates.ReadOnly, args: { tab: 'publications' } };
