import { CadenceApiError, canCompare, canListBaselines, type Baseline, type ComparedCampaign, type CompareResult, type Ymd } from '@cadence/core';
import { useCallback, useMemo, useState } from 'react';
import { useCadence } from '../provider/context';
import { useQuery, useQueryKey } from '../provider/use-query';
import { useSession } from '../provider/session';

/** An error's words for the compare control and its panel. */
export const problem = (e: unknown, fallback: string): string =>
  e instanceof CadenceApiError ? (e.details[0]?.message ?? e.message) : fallback;

/** What the view is compared with: a moment typed in, or a saved baseline; null when the comparison is off. */
export type CompareWith = { at: string; label: string } | { baseline: string; label: string } | null;

export interface Comparison {
  with: CompareWith;
  setWith: (next: CompareWith) => void;
  /** The answer for the view's window, once loaded. */
  result: CompareResult | undefined;
  status: 'off' | 'loading' | 'success' | 'error';
  error: unknown;
  /** Each compared campaign by id, and the campaigns removed since (no bar of today's to sit beside). */
  byId: ReadonlyMap<string, ComparedCampaign>;
  removed: readonly ComparedCampaign[];
  /** Whether the signed-in caller may compare at all (a read-only key or a link may not). */
  available: boolean;
}

const EMPTY = new Map<string, ComparedCampaign>();

/**
 * "Compare with…" for one view (docs/adr/0063): the comparison's state and its answer for the
 * window shown. A campaign change refetches it (the `comparison` kind follows the campaigns topic).
 */
export function useComparison(from: Ymd, to: Ymd, initialBaseline?: string): Comparison {
  const { client } = useCadence();
  const { principal } = useSession();
  const [chosen, setWith] = useState<CompareWith>(() => (initialBaseline ? { baseline: initialBaseline, label: '' } : null));
  // A baseline opened by its id (a link from Settings → Baselines) is named once the list is in.
  const { baselines } = useSavedBaselines(!!chosen && 'baseline' in chosen && !chosen.label);
  const current = useMemo<CompareWith>(
    () => (chosen && 'baseline' in chosen && !chosen.label ? { ...chosen, label: baselines.find((b) => b.id === chosen.baseline)?.name ?? 'a saved baseline' } : chosen),
    [chosen, baselines],
  );
  const available = canCompare(principal);
  const params = current && available ? { ...('at' in current ? { at: current.at } : { baseline: current.baseline }), from, to } : null;
  const key = useQueryKey(params ? (['comparison', params] as const) : null);
  const fetcher = useCallback(() => client.baselines.compare(params!), [client, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const q = useQuery<CompareResult>(key, fetcher, useCallback(() => {}, []));
  const result = params ? q.data : undefined;
  const byId = useMemo(() => (result ? new Map(result.campaigns.map((c) => [c.id, c])) : EMPTY), [result]);
  const removed = useMemo(() => result?.campaigns.filter((c) => c.change === 'removed') ?? [], [result]);
  return {
    with: current, setWith, result, byId, removed, available,
    status: !params ? 'off' : q.status === 'error' ? 'error' : result ? 'success' : 'loading',
    error: params ? q.error : undefined,
  };
}

/** The team's saved baselines, for people (keys never list them); empty until loaded. */
export function useSavedBaselines(enabled: boolean): { baselines: readonly Baseline[]; loaded: boolean; error: unknown; refetch: () => void } {
  const { client } = useCadence();
  const { principal } = useSession();
  const on = enabled && canListBaselines(principal);
  const key = useQueryKey(on ? (['baselines'] as const) : null);
  const fetcher = useCallback(() => client.baselines.list(), [client]);
  const q = useQuery<Baseline[]>(key, fetcher, useCallback(() => {}, []));
  return { baselines: q.data ?? [], loaded: q.data !== undefined, error: q.status === 'error' ? q.error : undefined, refetch: q.refetch };
}

/** A moment as people read it, in their own zone: "3 Jan 2027, 09:00". */
export const momentLabel = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
