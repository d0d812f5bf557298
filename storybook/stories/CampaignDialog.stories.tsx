import { CampaignDialog, type CampaignDialogProps } from '@cadence/widgets';
import { sampleCampaigns } from '@cadence/widgets/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { TODAY, scenario } from './support';

function Harness(props: Omit<CampaignDialogProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open dialog</button>
      <CampaignDialog {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}

const meta = { title: 'Widgets/CampaignDialog', component: Harness, decorators: [scenario('default')] } satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const [launch, newsletter, webinar, , tradeShow, social, caseStudy] = sampleCampaigns(TODAY);

export const Create: Story = {};
export const ConvertIdea: Story = { args: { initialValues: { title: 'Idea: customer podcast', description: 'Monthly interviews.' } } };
export const EditGlobal: Story = { args: { campaign: launch ?? null } };
export const EditEmail: Story = { args: { campaign: newsletter ?? null } };
export const EditChannelOnly: Story = { args: { campaign: webinar ?? null } };
export const EditEvents: Story = { args: { campaign: tradeShow ?? null } };
export const EditSocial: Story = { args: { campaign: social ?? null } };
export const EditContent: Story = { args: { campaign: caseStudy ?? null } };
export const SaveFails: Story = { decorators: [scenario('error')], args: { campaign: launch ?? null } };
