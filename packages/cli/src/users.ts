import { CHANNEL_VALUES, isChannel, type CadenceAdminClient, type Channel } from '@cadence/core';
import { CliError, usageError } from './errors';

/** Users are named by e-mail on the command line; an unknown one is an error that names it. */
export async function userIdsByEmail(client: CadenceAdminClient, emails: string[]): Promise<Map<string, string>> {
  const users = await client.users.list();
  const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
  const result = new Map<string, string>();
  const unknown: string[] = [];
  for (const email of emails) {
    const id = byEmail.get(email.trim().toLowerCase());
    if (id) result.set(email.trim().toLowerCase(), id);
    else unknown.push(email);
  }
  if (unknown.length) throw new CliError(`No user with the e-mail ${unknown.map((e) => `"${e}"`).join(', ')}`);
  return result;
}

export async function userIdByEmail(client: CadenceAdminClient, email: string): Promise<string> {
  return (await userIdsByEmail(client, [email])).get(email.trim().toLowerCase())!;
}

export function parseChannel(value: string): Channel {
  if (!isChannel(value)) throw usageError(`Unknown channel "${value}". Channels: ${CHANNEL_VALUES.join(', ')}`);
  return value;
}
