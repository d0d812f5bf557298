import { NOBODY, principalFrom, type Campaign, type Principal, type VirtualCampaign } from '@cadence/core';
import { useCallback, useMemo } from 'react';
import { useCadence } from './context';
import { rightsOf, type CampaignRights } from './permissions';
import { SESSION_KEY } from './session-key';
import { useQuery } from './use-query';

export interface CadenceSession {
  /** False until the server said who the user is. */
  ready: boolean;
  userId: string | null;
  email: string | null;
  /** Who is asking, for core's `can()`: nobody until the server said, or when it failed. */
  principal: Principal;
  rights: (c: Campaign | VirtualCampaign) => CampaignRights;
}

/** Who the user is (`GET /api/auth/user`); widgets ask `can(session.principal, …)` what they may do. */
export function useSession(): CadenceSession {
  const { client } = useCadence();
  const fetcher = useCallback(() => client.auth.user(), [client]);
  const q = useQuery(SESSION_KEY, fetcher);
  // One object per answer, so components can memoise on it (a drag re-renders nothing else).
  const principal = useMemo(() => (q.data ? principalFrom(q.data) : NOBODY), [q.data]);
  return {
    ready: q.status !== 'loading',
    userId: q.data?.user.id ?? null,
    email: q.data?.user.email ?? null,
    principal,
    rights: (c) => rightsOf(principal, c),
  };
}
