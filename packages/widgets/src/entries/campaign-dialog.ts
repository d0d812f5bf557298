// @cadence/widgets/campaign-dialog: the CampaignDialog and the provider, and nothing else (see provider.ts).
export * from './provider';
export { CampaignDialog } from '../campaign-dialog/CampaignDialog';
export type { CampaignDialogProps, CampaignFormValues } from '../campaign-dialog/CampaignDialog';
