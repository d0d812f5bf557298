import { CadenceApiError, type ErrorCode } from '@cadence/core';

export interface UploadedFile {
  path: string;
  public_url: string;
}

/**
 * Uploads an ad type's example image (`POST /api/storage/ad-type-examples`, docs/architecture.md#uploads).
 * Core's `CadenceClient` has no upload method yet, so the provider carries this one.
 */
export type AdTypeExampleUploader = (publicationId: string, file: Blob) => Promise<UploadedFile>;

type TokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

/** The HTTP uploader the provider builds from `apiUrl` and the token getter or access key. */
export function httpUploader(apiUrl: string, getToken: TokenGetter, fetchImpl: typeof fetch = (...a) => fetch(...a)): AdTypeExampleUploader {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/storage/ad-type-examples`;
  return async (publicationId, file) => {
    const body = new FormData();
    body.append('publication_id', publicationId);
    body.append('file', file, (file as File).name ?? 'example');
    const token = await getToken();
    let res: Response;
    try {
      res = await fetchImpl(url, { method: 'POST', body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    } catch {
      throw new CadenceApiError(0, 'network_error', 'Could not reach the Cadence server. Check your connection and try again.');
    }
    const json = (await res.json().catch(() => ({}))) as { error?: { code?: ErrorCode; message?: string } } & Partial<UploadedFile>;
    if (!res.ok) throw new CadenceApiError(res.status, json.error?.code ?? 'internal', json.error?.message ?? `Upload failed with status ${res.status}`);
    return { path: String(json.path), public_url: String(json.public_url) };
  };
}

/** An injected client may carry its own uploader (the in-memory client does). */
export function uploaderOf(client: object): AdTypeExampleUploader | undefined {
  const fn = (client as { uploadAdTypeExample?: unknown }).uploadAdTypeExample;
  return typeof fn === 'function' ? (fn as AdTypeExampleUploader) : undefined;
}
