import { CACHE_KEYS, type Abilities, type Campaign, type VirtualCampaign } from '@cadence/core';
import { useCallback } from 'react';
import { useCadence } from './context';
import { NO_ABILITIES, abilitiesFrom, campaignRights, canCreateAny, type CampaignRights } from './permissions';
import { useQuery } from './use-query';

export interface CadenceSession {
  /** False until the server said who the user is. */
  ready: boolean;
  userId: string | null;
  email: string | null;
  abilities: Abilities;
  canCreate: boolean;
  rights: (c: Campaign | VirtualCampaign) => CampaignRights;
}

/** Who the user is and what they may do (`GET /api/auth/user`); nothing is allowed until known. */
export function useSession(): CadenceSession {
  const { client } = useCadence();
  const fetcher = useCallback(() => client.auth.user(), [client]);
  const q = useQuery(CACHE_KEYS.session, fetcher);
  const abilities = q.data ? abilitiesFrom(q.data) : NO_ABILITIES;
  const userId = q.data?.user.id ?? null;
  return {
    ready: q.status !== 'loading',
    userId,
    email: q.data?.user.email ?? null,
    abilities,
    canCreate: canCreateAny(abilities),
    rights: (c) => campaignRights(abilities, userId, c),
  };
}
