import type { Principal } from '@cadence/core';
import type { UserRow } from './users';

/** Who is calling, once a credential is resolved: the same for an HTTP request and a realtime connection. */
export interface AuthState {
  principal: Principal;
  user: UserRow;
  /** The refresh-token family of a user session; null for an access key. */
  sessionId: string | null;
  accessKeyId?: string;
  /** The saved view an access key is bound to (docs/adr/0032): the ICS feed takes its name. */
  view?: { id: string; name: string; ownerId: string | null };
  /**
   * A stakeholder link's credential (docs/adr/0061): read-only, bound to `view`, acting with its
   * sharer's rights; every campaign it receives shows only `fields`.
   */
  link?: { id: string; fields: readonly string[]; expiresOn: string };
}
