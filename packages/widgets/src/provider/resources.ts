import {
  type Ad,
  type AdType,
  type Article,
  type CadenceEvent,
  type Idea,
  type IdeaComment,
  type Permission,
  type ProspectivePublication,
  type Publication,
  type QueryKey,
} from '@cadence/core';
import { useCallback, useState } from 'react';
import { AD_TOASTS } from '../messages';
import { useCadence, type CadenceContextValue } from './context';
import type { ToastInput } from './toast';
import { useQuery, useQueryKey } from './use-query';

type Client = CadenceContextValue['client'];

/** A list from the client, cached under `key`; a failure is logged and, when given, toasted. */
export function useList<T>(queryKey: QueryKey | null, fetch: (client: Client) => Promise<T[]>, failure?: ToastInput) {
  const { client, toast } = useCadence();
  const key = useQueryKey(queryKey);
  const fetcher = useCallback(() => fetch(client), [client, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const onError = useCallback(
    (error: unknown) => {
      console.error(`[Cadence] loading ${key?.[0]} failed`, error);
      if (failure) toast(failure);
    },
    [toast, key, failure],
  );
  return useQuery<T[]>(key, fetcher, onError);
}

export const useIdeas = () => useList<Idea>(['ideas'], (c) => c.ideas.list());
export const useComments = () => useList<IdeaComment>(['comments'], (c) => c.comments.listAll());
export const usePublications = () => useList<Publication>(['publications'], (c) => c.publications.list(), AD_TOASTS.publicationsLoadError);
export const useAdTypes = (publicationId?: string | null) =>
  useList<AdType>(['adTypes', { publication: publicationId ?? null }], (c) => c.adTypes.list(publicationId ?? undefined), AD_TOASTS.adTypesLoadError);
export const useAds = () => useList<Ad>(['ads'], (c) => c.ads.list(), AD_TOASTS.adsLoadError);
export const useProspective = () =>
  useList<ProspectivePublication>(['prospective'], (c) => c.prospective.list(), AD_TOASTS.prospectiveLoadError);
export const useArticles = () => useList<Article>(['articles'], (c) => c.articles.list(), AD_TOASTS.articlesLoadError);
/** docs/product.md#messages-ad-manager: failed event loading is only logged. */
export const useEvents = () => useList<CadenceEvent>(['events'], (c) => c.events.list());
export const useUsers = (enabled = true) => useList<{ id: string; email: string; admin?: boolean | undefined }>(enabled ? ['users'] : null, (c) => c.users.list());
/** The key of one user's permissions (the PermissionsPanel edits them in place). */
export const permissionsKey = (user: string): QueryKey<'permissions'> => ['permissions', { user }];
export const useUserPermissions = (userId: string | null) =>
  useList<Permission>(userId ? permissionsKey(userId) : null, (c) => c.users.permissions(userId ?? ''));

/** The message of a server error, if it has one. */
export const errorMessage = (error: unknown): string | undefined =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined;

/**
 * Chains writes to the same row: each waits for the previous one and sends the version it
 * produced, so quick successive edits (status after status) never trip over their own 412.
 */
export function useRowQueue(): <T extends { version: number }>(id: string, version: number, send: (version: number) => Promise<T>) => Promise<T> {
  const [latest] = useState(() => new Map<string, Promise<number>>());
  return useCallback(
    <T extends { version: number }>(id: string, version: number, send: (version: number) => Promise<T>): Promise<T> => {
      const before = latest.get(id) ?? Promise.resolve(version);
      const result = before.then((v) => send(Math.max(v, version)));
      latest.set(id, result.then((r) => r.version, () => version));
      return result;
    },
    [latest],
  );
}
