import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createMailer } from './mailer';

const work = mkdtempSync(path.join(tmpdir(), 'cadence-mailer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
const log = createLogger('silent', false);
const reset = { to: 'someone@example.com', subject: 'Reset your password', text: 'https://cadence.example.com/auth/reset#token=live-secret' };

it('should write the outbox (live reset links) readable by its owner alone: the folder 700, each mail 600', async () => {
  const dataDir = path.join(work, 'fresh');
  const mailer = createMailer({ from: 'Cadence <no-reply@cadence.local>', dataDir, log });
  await mailer.send(reset);
  await mailer.send({ ...reset, to: 'other@example.com' });
  const files = mailer.sent.map((m) => m.file!);
  expect(files).toHaveLength(2);
  expect(readFileSync(files[0]!, 'utf8')).toContain('live-secret');
  expect({ outbox: mode(path.join(dataDir, 'outbox')), mails: files.map(mode) }).toEqual({ outbox: '700', mails: ['600', '600'] });
});

it('should narrow an outbox folder made wider before', async () => {
  const dataDir = path.join(work, 'existing');
  mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
  chmodSync(path.join(dataDir, 'outbox'), 0o755);
  const mailer = createMailer({ from: 'Cadence <no-reply@cadence.local>', dataDir, log });
  await mailer.send(reset);
  expect({ outbox: mode(path.join(dataDir, 'outbox')), mail: mode(mailer.sent[0]!.file!) }).toEqual({ outbox: '700', mail: '600' });
});
