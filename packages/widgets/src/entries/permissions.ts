// @cadence/widgets/permissions: the PermissionsPanel and the provider, and nothing else (see provider.ts).
export * from './provider';
export { PermissionsPanel } from '../permissions/PermissionsPanel';
export type { PermissionsPanelProps } from '../permissions/PermissionsPanel';
