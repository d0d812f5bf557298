import { sendPasswordResetSchema, updatePasswordSchema } from '@cadence/core/schemas';
import { z } from 'zod';
import { consumeOneTimeToken } from '../../auth/one-time-tokens';
import { sendPasswordReset, updatePassword } from '../../auth/passwords-reset';
import type { RouteTable } from '../../http/route';
import type { Services } from '../../services';

export function authFunctionRoutes(s: Services, t: RouteTable): void {
  t.add({
    method: 'post', path: '/api/functions/send-password-reset', tag: 'Auth', access: 'public',
    summary: 'Mail a reset link to {appUrl}/auth?token=…; answers 200 whether or not the address has an account',
    body: sendPasswordResetSchema, response: z.object({}),
    handler: async ({ body, ctx }) => {
      await sendPasswordReset(s, body, ctx.ip);
      return {};
    },
  });
  t.add({
    method: 'post', path: '/api/functions/update-password', tag: 'Auth', access: 'public',
    summary: 'Set a new password with a reset token (single use, one hour); ends every session of the user',
    body: updatePasswordSchema, response: z.object({}),
    handler: async ({ body }) => {
      await updatePassword(s, body);
      return {};
    },
  });
  t.add({
    method: 'get', path: '/api/auth/confirm', tag: 'Auth', access: 'public',
    summary: 'The link in the confirmation mail: confirms the address and redirects to the site root',
    query: z.object({ token: z.string().min(1).max(512) }),
    handler: async ({ query, ctx }) => {
      const userId = await consumeOneTimeToken(s.db, query.token, 'email_confirmation');
      if (userId) await s.db('users').where({ id: userId }).update({ email_confirmed_at: s.db.fn.now() });
      s.principals.invalidate();
      ctx.redirect(`${s.site.url}/?email_confirmed=${userId ? '1' : '0'}`);
      return undefined;
    },
  });
}
