import { can, type CadenceClient, type Principal } from '@cadence/core';
import type { Run } from './memory-crud';
import type { MemoryLog } from './memory-history';
import { memoryIndustry, type IndustryData } from './memory-industry';
import { memoryPeople, type PeopleData } from './memory-people';

export type ExtrasData = IndustryData & PeopleData;

/** Everything but campaigns: ideas, industry data, events and the user directory, as the server behaves. */
export function memoryExtras(
  run: Run,
  now: () => string,
  user: { id: string; email: string },
  principal: Principal,
  data: ExtrasData,
  log: MemoryLog,
): Omit<CadenceClient, 'campaigns' | 'dashboard' | 'history' | 'views' | 'shareLinks' | 'tasks' | 'campaignComments' | 'templates' | 'approvals' | 'workingCalendar' | 'notifications' | 'planningRules'> {
  const session = () => ({
    access_token: 'memory', refresh_token: 'memory', token_type: 'bearer' as const, expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600, user: { id: user.id, email: user.email, email_confirmed_at: null, created_at: now() },
  });
  return {
    auth: {
      signUp: () => run('auth.signUp', () => ({ user: session().user })),
      signIn: () => run('auth.signIn', session),
      refresh: () => run('auth.refresh', session),
      signOut: () => run('auth.signOut', () => undefined),
      user: () => Promise.reject(new Error('[Cadence memory client] auth.user is provided by createMemoryClient')),
      sendPasswordReset: () => run('auth.sendPasswordReset', () => undefined),
      updatePassword: () => run('auth.updatePassword', () => undefined),
      providers: () => run('auth.providers', () => ({ password: true, sso: null })),
      exchangeSsoCode: () => run('auth.exchangeSsoCode', session),
    },
    ...memoryPeople(data, run, now, principal, log),
    ...memoryIndustry(data, {
      run, now, userId: user.id, log, canRead: () => can(principal, 'read', 'industry'), canWrite: () => can(principal, 'update', 'industry'),
    }),
  };
}
