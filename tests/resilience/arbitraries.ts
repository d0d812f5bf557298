import fc from 'fast-check';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  nullable?: boolean;
};

const nasty = fc.constantFrom(
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  '💥'.repeat(200),
  'x'.repeat(10_001),
  "'; DROP TABLE campaigns; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '2026-02-30',
  '0000-01-01',
  '2026-01-01T00:00:00Z',
  '9999999999999999999999',
  '-1',
  'NaN',
  '{}',
);
const dateLike = fc.oneof(
  fc.date({ min: new Date('1899-12-01'), max: new Date('3001-01-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2026-13-01', '2026-00-10', '26-01-01', '2026/01/01', '2024-02-29', '2025-02-29'),
);
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  nasty,
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);

/** Values that satisfy the JSON Schema most of the time, with boundary cases mixed in. */
export function fromSchema(schema: Schema | undefined, key = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((s) => fromSchema(s, key, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], key, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const base = (type: string): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        // Date-only fields and filters (due_date, live_date…, and My work's due_before).
        if (/date$/.test(key) || key === 'due_before') return dateLike;
        if (schema.format === 'uuid') return fc.uuid();
        if (schema.format === 'email') return fc.emailAddress();
        if (schema.format === 'uri') return fc.webUrl();
        return fc.oneof({ weight: 6, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 40)) }) }, { weight: 1, arbitrary: nasty });
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 100_000, Number.MAX_SAFE_INTEGER) });
      case 'number':
        return fc.oneof(fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e9, noNaN: true }), fc.constantFrom(0, 0.005, 1e308));
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(fromSchema(schema.items, key, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
      case 'object': {
        const props = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, s] of Object.entries(props)) record[name] = fromSchema(s, name, depth + 1);
        return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      default:
        return anyJson;
    }
  };
  const arb = types.length ? fc.oneof(...types.map(base)) : anyJson;
  return schema.nullable ? fc.option(arb, { nil: null }) : arb;
}

/** A body that is wrong on purpose: wrong types, unknown fields, or not an object at all. */
export function malformed(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const valid = fromSchema(schema);
  return fc.oneof(
    anyJson,
    valid.chain((v) =>
      typeof v === 'object' && v !== null && !Array.isArray(v)
        ? fc.oneof(
            fc.constant({ ...v, created_by: '00000000-0000-4000-8000-000000000000', id: 'x', version: 99, role: 'admin' }),
            fc.dictionary(fc.constantFrom(...Object.keys(v), 'unknown_field'), anyJson).map((d) => ({ ...v, ...d })),
          )
        : fc.constant(v),
    ),
  );
}
