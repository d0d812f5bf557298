import { apiErrorSchema } from '@cadence/core/schemas';
import { z } from 'zod';
import type { RouteDef, RouteTable } from '../../http/route';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } },
});

/** File and CSV bodies, described by what they are rather than by a JSON schema. */
const CONSUMED_SCHEMAS: Record<string, object> = {
  'text/csv': { type: 'string', description: 'CSV with a header row (UTF-8; gzip or deflate Content-Encoding accepted)' },
  'multipart/form-data': { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { type: 'string', format: 'binary', description: 'An Excel workbook (.xlsx); its first sheet is read' },
};

/** Every content type the route takes: JSON when it has a body schema, plus its `consumes`; anything else is a 415. */
function requestBody(def: RouteDef) {
  const json = def.body ?? def.bodyDoc;
  const consumes = def.consumes ?? [];
  if (!json && !consumes.length) return undefined;
  return {
    required: true,
    content: {
      ...(json ? { 'application/json': { schema: jsonSchema(json, 'input') } } : {}),
      ...Object.fromEntries(consumes.map((type) => [type, { schema: CONSUMED_SCHEMAS[type] ?? {} }])),
    },
  };
}

function operation(def: RouteDef) {
  const parameters = [
    ...[...def.path.matchAll(/:(\w+)/g)].map((m) => {
      const own = def.params?.[m[1]!];
      const schema = own ? { type: 'string', pattern: own.pattern.source, description: own.description } : { type: 'string', format: 'uuid' };
      return { name: m[1], in: 'path', required: true, schema };
    }),
  ];
  if (def.query) {
    const schema = jsonSchema(def.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: prop } as never);
    }
  }
  const status = String(def.status ?? 200);
  return {
    tags: [def.tag],
    summary: def.summary,
    ...(def.access === 'public' ? { security: [] } : {}),
    // Who may call it at all (public, any signed-in caller, administrators): scripts and the fuzzer read it.
    'x-cadence-access': def.access,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody(def) ? { requestBody: requestBody(def) } : {}),
    responses: {
      [status]:
        status === '204'
          ? { description: 'Done' }
          : {
              description: 'OK',
              ...(def.responseHeaders
                ? { headers: Object.fromEntries(Object.entries(def.responseHeaders).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) }
                : {}),
              content: { 'application/json': { schema: def.response ? jsonSchema(def.response, 'output') : {} } },
            },
      '400': errorResponse('validation_failed: details name each bad field'),
      ...(def.access !== 'public' ? { '401': errorResponse('unauthorized'), '403': errorResponse('forbidden') } : {}),
      ...(def.path.includes(':') ? { '404': errorResponse('not_found') } : {}),
      ...(def.method === 'patch' || def.method === 'delete' ? { '412': errorResponse('conflict: the body carries the current row') } : {}),
      ...(def.method === 'post' || def.method === 'put' || def.method === 'patch'
        ? { '415': errorResponse('unsupported_media_type: the body is not of a type this route takes (see requestBody)') }
        : {}),
    },
  };
}

/** The OpenAPI 3 description of every registered route, generated from the schemas that validate them. */
export function openapiDocument(table: RouteTable) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of table.routes) {
    const path = def.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[def.method] = operation(def);
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Cadence API', version: '1' },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
