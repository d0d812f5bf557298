import { IdeasBoard } from '@cadence/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { pageStates } from './pages-support';

const meta = { title: 'Widgets/IdeasBoard', component: IdeasBoard, args: { onBack: () => {} } } satisfies Meta<typeof IdeasBoard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = pageStates.Default;
export const Loading: Story = pageStates.Loading;
export const Empty: Story = pageStates.Empty;
export const ManyIdeas: Story = pageStates.Many;
export const Error: Story = pageStates.Error;
export const ReadOnly: Story = pageStates.ReadOnly;
