import { campaignFieldErrors, checkCampaignCreate, checkCampaignUpdate } from '@cadence/core/forms';
import {
  isConflict,
  todayYmd,
  undoDueDates,
  type Campaign,
  type CampaignCreate,
  type CampaignUpdate,
  type FormCheck,
  type ReplanReport,
} from '@cadence/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { HistoryTabs } from '../history/HistoryTabs';
import { TOASTS } from '../messages';
import { useCampaignActions } from '../provider/campaign-actions';
import { useCadence } from '../provider/context';
import { Dialog } from '../ui/Dialog';
import { FormActions } from '../ui/FormActions';
import { useFormSubmit } from '../ui/use-form-submit';
import { WidgetRoot, type WidgetProps } from '../ui/WidgetRoot';
import { ConflictNotice } from './ConflictNotice';
import { RuleNotice } from './RuleNotice';
import { useRuleVerdict } from './use-rule-verdict';
import { BasicFields } from './fields/BasicFields';
import { BriefFields } from './fields/BriefFields';
import { ChannelConfigFields } from './fields/ChannelConfigFields';
import { ScopeFields } from './fields/ScopeFields';
import { changedFields, emptyForm, formFromCampaign, formToBody, type CampaignForm, type ConfigForm } from './form-state';

export type CampaignFormValues = Partial<CampaignForm>;

// Loaded when Tasks is first opened, as History is: the calendar's edit dialog pays for it then.
const TasksPanel = lazy(() => import('../tasks/TasksPanel').then((m) => ({ default: m.TasksPanel })));
// The Review tab (docs/adr/0056): approvals per channel, request review, decide, go live.
const ReviewPanel = lazy(() => import('../approvals/ReviewPanel').then((m) => ({ default: m.ReviewPanel })));
// The Comments tab (docs/adr/0059): the thread, @mentions, Watch.
const CommentsPanel = lazy(() => import('../comments/CommentsPanel').then((m) => ({ default: m.CommentsPanel })));
const TASKS_TAB = [{
  value: 'tasks',
  label: 'Tasks',
  render: (row: Campaign & Record<string, unknown>) => (
    <Suspense fallback={<p className="cad-hint" role="status">Loading tasks…</p>}>
      <TasksPanel campaign={row} />
    </Suspense>
  ),
}, {
  value: 'review',
  label: 'Review',
  render: (row: Campaign & Record<string, unknown>) => (
    <Suspense fallback={<p className="cad-hint" role="status">Loading review…</p>}>
      <ReviewPanel campaign={row} />
    </Suspense>
  ),
}, {
  value: 'comments',
  label: 'Comments',
  render: (row: Campaign & Record<string, unknown>) => (
    <Suspense fallback={<p className="cad-hint" role="status">Loading comments…</p>}>
      <CommentsPanel campaign={row} />
    </Suspense>
  ),
}] as const;

export interface CampaignDialogProps extends WidgetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this campaign; without it the dialog creates one. */
  campaign?: Campaign | null;
  /** Prefilled values for a new campaign (e.g. an idea being converted). */
  initialValues?: CampaignFormValues;
  /** An edit's first tab: `tasks`, `review` or `history` (an inbox item's link, docs/adr/0060); Details unless said. */
  initialTab?: string;
  onSaved?: (campaign: Campaign) => void;
  /** Creates the campaign instead of the built-in create (with its own toasts), e.g. converting an idea. */
  onCreate?: (body: CampaignCreate) => Promise<Campaign>;
}

/** What the save sends: the changed fields of an edit, or a new campaign. */
type Save = { patch: CampaignUpdate } | { create: CampaignCreate };

/**
 * The same checks as the server's schemas, without zod in the browser bundle (core's
 * campaign-checks); an edit is checked as a patch on the campaign it changes.
 */
function checkForm(form: CampaignForm, base: Campaign | null): FormCheck<Save> {
  if (!base) {
    const create = formToBody(form);
    const issues = checkCampaignCreate(create);
    return issues.length ? { errors: campaignFieldErrors(issues) } : { body: { create } };
  }
  const patch = changedFields(base, form);
  const issues = checkCampaignUpdate(patch, base);
  return issues.length ? { errors: campaignFieldErrors(issues) } : { body: { patch } };
}

function CampaignFormBody({ campaign, initialValues, onOpenChange, onSaved, onCreate }: CampaignDialogProps): ReactNode {
  const { now } = useCadence();
  const actions = useCampaignActions();
  const [base, setBase] = useState<Campaign | null>(campaign ?? null);
  const [conflict, setConflict] = useState<Campaign | null>(null);
  const { form, set, setForm, errors, saving, onSubmit } = useFormSubmit({
    initial: (): CampaignForm => (campaign ? formFromCampaign(campaign) : emptyForm(todayYmd(now()), initialValues)),
    check: (f: CampaignForm) => checkForm(f, base),
    save: async (body: Save): Promise<Campaign | null> => {
      if ('create' in body) return (onCreate ?? actions.create)(body.create);
      // Nothing changed: nothing to send.
      if (!base || Object.keys(body.patch).length === 0) return null;
      // A new go-live re-plans the open tasks (docs/adr/0053): the toast says so, and its Undo puts
      // the campaign's fields and every task back on its exact date, as a drag's Undo does.
      let replanned: ReplanReport | null = null;
      const before = base;
      const undo = (saved: Campaign, report: ReplanReport) => () => {
        const fields = Object.fromEntries(Object.keys(body.patch).map((k) => [k, before[k as keyof Campaign]])) as CampaignUpdate;
        void actions.update(saved, { ...fields, task_due_dates: undoDueDates(report) }, { success: TOASTS.replanUndone(saved.title) }).catch(() => undefined);
      };
      return actions.update(base, body.patch, {
        onConflict: 'throw',
        onReplan: (report) => void (replanned = report),
        success: (saved) =>
          replanned?.moved.length ? { ...TOASTS.replanned(replanned.moved.length, replanned.flagged.length), action: { label: 'Undo', onSelect: undo(saved, replanned) } } : TOASTS.updated,
      });
    },
    onSaved: (row) => {
      if (row) onSaved?.(row as Campaign);
      onOpenChange(false);
    },
    onFailed: (error) => {
      if (isConflict(error) && error.current) setConflict(error.current as Campaign);
    },
  });
  const verdict = useRuleVerdict(form, base);
  const warned = !!verdict && !verdict.blocked;
  const setConfig = <C extends keyof ConfigForm>(ch: C, patch: Partial<ConfigForm[C]>) =>
    setForm((f) => ({ ...f, config: { ...f.config, [ch]: { ...f.config[ch], ...patch } } }));

  return (
    <form className="cad-dialog__body cad-form" onSubmit={onSubmit} noValidate>
      {conflict && (
        <ConflictNotice
          current={conflict}
          onLoadLatest={() => {
            setBase(conflict);
            setForm(formFromCampaign(conflict));
            setConflict(null);
          }}
          onKeepMine={() => {
            setBase(conflict);
            setConflict(null);
          }}
        />
      )}
      <BasicFields form={form} set={set} errors={errors} />
      <ScopeFields form={form} set={set} replace={setForm} errors={errors} />
      <ChannelConfigFields form={form} setConfig={setConfig} />
      <BriefFields form={form} set={set} />
      {!campaign && <p className="cad-hint">Tasks can be added once the campaign is created: open it again and choose the Tasks tab.</p>}
      <RuleNotice verdict={verdict} />
      {/* A block is the server's refusal too (docs/adr/0062); a warning is saved on a second, named choice, as a warned drop is. */}
      <FormActions onCancel={() => onOpenChange(false)} saving={saving} blocked={!!conflict || !!verdict?.blocked}>
        {campaign ? (warned ? 'Save Anyway' : 'Save Changes') : warned ? 'Create Anyway' : 'Create Campaign'}
      </FormActions>
    </form>
  );
}

/** The inner dialog, for widgets that already have a root. */
export function CampaignDialogView(props: CampaignDialogProps): ReactNode {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} size="lg" title={props.campaign ? 'Edit Campaign' : 'Create New Campaign'}
      // An edit starts in its first field, past the Details/History tabs.
      {...(props.campaign ? { initialFocus: 1 } : {})}>
      {props.open && (
        <HistoryTabs key={props.campaign?.id ?? 'new'} resource="campaigns" row={props.campaign as (Campaign & Record<string, unknown>) | null | undefined} onGone={() => props.onOpenChange(false)} extraTabs={TASKS_TAB} {...(props.initialTab ? { initialTab: props.initialTab } : {})}>
          {(row) => <CampaignFormBody key={props.campaign?.id ?? 'new'} {...props} campaign={row ?? null} />}
        </HistoryTabs>
      )}
    </Dialog>
  );
}

/** Create or edit a campaign with every field of docs/product.md#campaign-dialog, the channel configuration and the creative brief. */
export function CampaignDialog(props: CampaignDialogProps): ReactNode {
  return (
    <WidgetRoot name="CampaignDialog" client={props.client} className={props.className}>
      <CampaignDialogView {...props} />
    </WidgetRoot>
  );
}
