import type { CommandContext } from '../context';
import { usageError } from '../errors';
import { table } from '../output';
import { clientFor, resolveTarget } from '../session';
import { userIdByEmail } from '../users';

export async function listUsers(ctx: CommandContext): Promise<void> {
  const client = clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
  const users = await client.users.list();
  const roles = await Promise.all(users.map((u) => client.users.role(u.id)));
  const rows = users.map((u, i) => ({ ...u, role: roles[i]?.role ?? null }));
  ctx.out.result(rows, () => (rows.length ? table([['EMAIL', 'ROLE', 'ID'], ...rows.map((u) => [u.email, u.role ?? '-', u.id])]) : ['No users']));
}

export async function setRole(ctx: CommandContext, email: string, role: string): Promise<void> {
  if (role !== 'admin' && role !== 'none') throw usageError(`Role must be "admin" or "none", not "${role}"`);
  const client = clientFor(resolveTarget(ctx.globals, ctx.env), ctx.env);
  const id = await userIdByEmail(client, email);
  const result = await client.users.setRole(id, role === 'admin' ? 'admin' : null);
  if (ctx.out.json) ctx.out.result({ email, ...result }, () => []);
  ctx.out.success(role === 'admin' ? `${email} is now an administrator` : `${email} is no longer an administrator`);
}
