import { Stream } from 'node:stream';
import { presentAnswerForLink } from '@cadence/core';
import type { Middleware } from 'koa';
import type { CadenceState } from './authenticate';

/**
 * The one place a stakeholder link's answers are presented (docs/adr/0061): whatever route served
 * it (a list, one campaign, the dashboard's virtual campaigns), every campaign in the answer shows
 * only the fields its sharer ticked. A link reads campaigns alone, so this covers all it can read;
 * the realtime feed does the same per frame (realtime/connection.ts).
 */
export function presentForLinks(): Middleware<CadenceState> {
  return async (ctx, next) => {
    await next();
    const link = ctx.state.auth?.link;
    const body: unknown = ctx.body;
    if (!link || !body || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return;
    const status = ctx.status;
    ctx.body = presentAnswerForLink(body, link.fields);
    ctx.status = status;
  };
}
