import type { z } from 'zod';
import type { Ctx } from './authenticate';
import { parseOrThrow } from './zod-errors';

/** The JSON body checked against `schema`; a missing body counts as `{}` so each required field is named. */
export const parseBody = <S extends z.ZodType>(ctx: Ctx, schema: S): z.output<S> =>
  parseOrThrow(schema, ctx.request.body ?? {});

/** The query string checked against `schema`; errors name the parameter. */
export const parseQuery = <S extends z.ZodType>(ctx: Ctx, schema: S): z.output<S> => parseOrThrow(schema, { ...ctx.query });
