import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RealtimeTopic } from '../realtime-topics';
import type { Campaign } from '../schemas/campaign';
import {
  RealtimeFrameError,
  decodeClientFrame,
  decodeServerFrame,
  encodeClientFrame,
  encodeServerFrame,
  type ChangeFrame,
  type ClientFrame,
  type ServerFrame,
  type TopicRows,
} from './protocol';

const decodeError = (decode: () => unknown): string => {
  try {
    decode();
  } catch (error) {
    expect(error).toBeInstanceOf(RealtimeFrameError);
    return (error as Error).message;
  }
  throw new Error('decoded');
};

describe('client frames', () => {
  it('should read back every frame a client sends', () => {
    const frames: ClientFrame[] = [
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', id: 's1', topic: 'ads', filter: { status: 'live', count: 2, on: true, none: null } },
      { type: 'subscribe', id: 's2', topic: 'campaigns' },
      { type: 'unsubscribe', id: 's1' },
      { type: 'resume', since: 0 },
    ];
    for (const frame of frames) expect(decodeClientFrame(encodeClientFrame(frame))).toEqual(frame);
  });

  it('should drop fields the protocol does not know', () => {
    expect(decodeClientFrame('{"type":"auth","token":"t","extra":1}')).toEqual({ type: 'auth', token: 't' });
  });

  it('should say what is wrong with a malformed frame', () => {
    expect(decodeError(() => decodeClientFrame('not json'))).toMatch(/not JSON/);
    expect(decodeError(() => decodeClientFrame('[1]'))).toMatch(/JSON object/);
    expect(decodeError(() => decodeClientFrame('null'))).toMatch(/JSON object/);
    expect(decodeError(() => decodeClientFrame('{"type":"hello"}'))).toMatch(/one of auth, subscribe, unsubscribe, resume/);
    expect(decodeError(() => decodeClientFrame('{"type":"auth","token":""}'))).toBe('auth: "token" must be a string of 1 to 4096 characters');
    expect(decodeError(() => decodeClientFrame(JSON.stringify({ type: 'auth', token: 'x'.repeat(4097) })))).toMatch(/1 to 4096/);
    expect(decodeError(() => decodeClientFrame('{"type":"subscribe","id":"a","topic":"campaign"}'))).toMatch(/"topic" must be one of campaigns, tasks, campaign_comments, ads,/);
    expect(decodeError(() => decodeClientFrame(JSON.stringify({ type: 'subscribe', id: 'x'.repeat(65), topic: 'ads' })))).toMatch(/"id" must be a string of 1 to 64/);
    expect(decodeError(() => decodeClientFrame('{"type":"subscribe","id":"a","topic":"ads","filter":[]}'))).toMatch(/"filter" must be an object/);
    expect(decodeError(() => decodeClientFrame('{"type":"subscribe","id":"a","topic":"ads","filter":{"status":{"in":["live"]}}}'))).toMatch(/filter "status" must be/);
    expect(decodeError(() => decodeClientFrame(JSON.stringify({ type: 'subscribe', id: 'a', topic: 'ads', filter: { status: 'x'.repeat(301) } })))).toMatch(/at most 300/);
    expect(decodeError(() => decodeClientFrame(JSON.stringify({ type: 'subscribe', id: 'a', topic: 'ads', filter: { ['f'.repeat(65)]: 'live' } })))).toMatch(/at most 64/);
    expect(decodeError(() => decodeClientFrame('{"type":"resume","since":-1}'))).toBe('resume: "since" must be a whole number of at least 0');
    expect(decodeError(() => decodeClientFrame('{"type":"resume","since":1.5}'))).toMatch(/whole number/);
    expect(decodeError(() => decodeClientFrame('{"type":"resume","since":"3"}'))).toMatch(/whole number/);
  });
});

describe('server frames', () => {
  const campaign = { id: 'c1', title: 'Spring', version: 2 } as unknown as Campaign;
  const basis = { created: '100', before: [{ until: '101', fields: null }], truncated: true };

  it('should read back every frame the server sends', () => {
    const frames: ServerFrame[] = [
      { type: 'ready', seq: 10 },
      { type: 'subscribed', id: 's1' },
      { type: 'unsubscribed', id: 's1' },
      { type: 'change', seq: 11, topic: 'campaigns', op: 'insert', row: campaign, basis },
      { type: 'change', seq: 12, topic: 'permissions', op: 'update', row: { user_id: 'u1', role: null } },
      { type: 'change', seq: 13, topic: 'ideas', op: 'delete', id: 'i1' },
      { type: 'resync' },
      { type: 'resync', seq: 14, topic: 'ads' },
      { type: 'error', code: 'validation_failed', message: 'At most 50 subscriptions per connection' },
    ];
    for (const frame of frames) expect(decodeServerFrame(encodeServerFrame(frame))).toEqual(frame);
  });

  it('should say what is wrong with a malformed frame', () => {
    expect(decodeError(() => decodeServerFrame('{"type":"change","seq":1,"topic":"ideas","op":"insert"}'))).toBe('change: an insert carries the row as an object');
    expect(decodeError(() => decodeServerFrame('{"type":"change","seq":1,"topic":"ideas","op":"delete"}'))).toMatch(/"id" must be a string/);
    expect(decodeError(() => decodeServerFrame('{"type":"change","seq":1,"topic":"ideas","op":"upsert","row":{}}'))).toMatch(/"op" must be insert, update or delete/);
    expect(decodeError(() => decodeServerFrame('{"type":"change","topic":"ideas","op":"delete","id":"i"}'))).toMatch(/"seq" must be a whole number/);
    expect(decodeError(() => decodeServerFrame('{"type":"change","seq":1,"topic":"idea","op":"delete","id":"i"}'))).toMatch(/"topic" must be one of/);
    expect(decodeError(() => decodeServerFrame('{"type":"change","seq":1,"topic":"campaigns","op":"delete","id":"c","basis":{"created":1}}'))).toMatch(/"basis" must be/);
    expect(decodeError(() => decodeServerFrame('{"type":"resync","seq":3}'))).toMatch(/"topic" must be one of/);
    expect(decodeError(() => decodeServerFrame('{"type":"error","code":"teapot","message":"x"}'))).toMatch(/"code" must be one of unauthorized, validation_failed, internal/);
    expect(decodeError(() => decodeServerFrame('{"type":"ready"}'))).toMatch(/"seq"/);
    expect(decodeError(() => decodeServerFrame('{"type":"pong"}'))).toMatch(/one of ready, subscribed, unsubscribed, change, resync, error/);
  });

  it('should give each topic’s changes that topic’s row', () => {
    expectTypeOf<keyof TopicRows>().toEqualTypeOf<RealtimeTopic>();
    const frame = decodeServerFrame(encodeServerFrame({ type: 'change', seq: 11, topic: 'campaigns', op: 'update', row: campaign }));
    if (frame.type !== 'change' || frame.topic !== 'campaigns' || frame.op === 'delete') throw new Error(`not a campaign update: ${JSON.stringify(frame)}`);
    expectTypeOf(frame.row).toEqualTypeOf<Campaign>();
    expect(frame.row.title).toBe('Spring');
    // @ts-expect-error a campaign change carries a campaign, not a role
    const wrong: ChangeFrame<'campaigns'> = { type: 'change', seq: 1, topic: 'campaigns', op: 'insert', row: { user_id: 'u1', role: null } };
    expect(wrong.topic).toBe('campaigns');
  });
});
