import { PermissionsPanel } from '@cadence/widgets';
import { VIEWER_ID } from '@cadence/widgets/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { pageStates } from './pages-support';

const meta = { title: 'Widgets/PermissionsPanel', component: PermissionsPanel, args: { onReturn: () => {} } } satisfies Meta<typeof PermissionsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoUserSelected: Story = pageStates.Default;
export const UserSelected: Story = { ...pageStates.Default, args: { userId: VIEWER_ID } };
export const Loading: Story = pageStates.Loading;
export const OnlyYou: Story = pageStates.Empty;
export const Error: Story = { ...pageStates.Error, args: { userId: VIEWER_ID } };
/** A non-admin gets 'Access Denied'. */
export const AccessDenied: Story = pageStates.ReadOnly;
