/** Where uploads go, as STORAGE_URL says (docs/operations.md#storage). */
export type StorageLocation =
  | { kind: 'default' }
  | { kind: 'local'; root?: string }
  | { kind: 'postgres' }
  | ({ kind: 's3' } & S3Location);

export interface S3Location {
  bucket: string;
  /** Prepended to every key ('' or ending in '/'). */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** From the URL's user:password; otherwise the SDK's usual chain (AWS_ACCESS_KEY_ID…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export const STORAGE_URL_FORMS = 'local, file:///absolute/path, postgres, or s3://bucket[/prefix]?endpoint=https://…&region=…';

// S3's rules for bucket names: 3–63 lowercase letters, digits, dots and hyphens.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_PARAMS = new Set(['endpoint', 'region', 'path_style']);

/** The parsed location, or the reason the value is wrong (shown as `STORAGE_URL: <reason>`). */
export function parseStorageUrl(value: string | undefined): StorageLocation | { error: string } {
  const v = (value ?? '').trim();
  if (!v) return { kind: 'default' };
  if (v === 'local') return { kind: 'local' };
  if (v === 'postgres' || v === 'postgresql') return { kind: 'postgres' };
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return { error: `must be ${STORAGE_URL_FORMS}` };
  }
  if (url.protocol === 'file:') {
    if (url.host || !url.pathname || url.pathname === '/') return { error: 'a file: URL must name an absolute directory, such as file:///var/lib/cadence/uploads' };
    return { kind: 'local', root: decodeURIComponent(url.pathname) };
  }
  if (url.protocol !== 's3:') return { error: `must be ${STORAGE_URL_FORMS} (got ${url.protocol}…)` };
  // The URL parser lowercases host names; S3 does not, so the name is checked as written.
  const bucket = decodeURIComponent(/^s3:\/\/(?:[^@/?#]*@)?([^/?#:]*)/i.exec(v)?.[1] ?? '');
  if (!BUCKET.test(bucket)) return { error: `"${bucket}" is not an S3 bucket name (3–63 lowercase letters, digits, dots or hyphens)` };
  for (const name of url.searchParams.keys()) {
    if (!S3_PARAMS.has(name)) return { error: `unknown parameter "${name}" (known: endpoint, region, path_style)` };
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol)) return { error: `endpoint must be an http(s) address, such as https://s3.example.com (got "${endpoint}")` };
  }
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && !['true', 'false', '1', '0'].includes(pathStyle)) return { error: 'path_style must be true or false' };
  if (Boolean(url.username) !== Boolean(url.password)) return { error: 'give both the access key id and the secret (s3://KEY:SECRET@bucket…), or neither' };
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    ...(endpoint ? { endpoint } : {}),
    region: url.searchParams.get('region') ?? 'us-east-1',
    // Most S3-compatible servers (MinIO, s3rver, Ceph) want path-style addressing; AWS does not.
    forcePathStyle: pathStyle === null ? Boolean(endpoint) : pathStyle === 'true' || pathStyle === '1',
    ...(url.username
      ? { credentials: { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } }
      : {}),
  };
}
