import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, isSafeKey, type FileStorage } from './storage';
import type { S3Location } from './storage-url';

/** Uploads in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…) through the official SDK. */
export function s3Storage(location: S3Location): FileStorage {
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    ...(location.credentials ? { credentials: location.credentials } : {}),
    // Plain requests that every S3-compatible server understands; TLS and our own sizes guard the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  const objectKey = (key: string) => `${location.prefix}${key}`;
  return {
    kind: 's3',
    async put(key, data) {
      assertSafeKey(key);
      if (Buffer.isBuffer(data)) {
        await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentLength: data.length }));
        return;
      }
      // Multipart in 8 MB parts, two in flight: memory stays bounded whatever the file's size.
      await new Upload({ client, params: { Bucket, Key: objectKey(key), Body: data }, partSize: 8 * 1024 * 1024, queueSize: 2 }).done();
    },
    async open(key) {
      if (!isSafeKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: location.prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          const key = (o.Key ?? '').slice(location.prefix.length);
          if (isSafeKey(key)) yield { key, size: Number(o.Size ?? 0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async close() {
      client.destroy();
    },
  };
}
