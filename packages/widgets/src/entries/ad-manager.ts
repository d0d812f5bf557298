// @cadence/widgets/ad-manager: the AdManager and the provider, and nothing else (see provider.ts).
export * from './provider';
export { AD_MANAGER_TAB_LABELS, AdManager } from '../ad-manager/AdManager';
export type { AdManagerProps } from '../ad-manager/AdManager';
export type { AdTypeExampleUploader, UploadedFile } from '../provider/upload';
