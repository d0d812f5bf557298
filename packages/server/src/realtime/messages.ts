import { z } from 'zod';
import { TOPICS } from '../data/changes';

const filterSchema = z.record(z.string().max(64), z.union([z.string().max(300), z.number(), z.boolean(), z.null()])).optional();

/** What a client may send on the realtime feed (docs/architecture.md#realtime). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), id: z.string().min(1).max(64), topic: z.enum(TOPICS), filter: filterSchema }),
  z.object({ type: z.literal('unsubscribe'), id: z.string().min(1).max(64) }),
  z.object({ type: z.literal('resume'), since: z.number().int().min(0) }),
]);
