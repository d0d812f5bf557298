import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseStorageUrl } from './storage-url';

describe('STORAGE_URL', () => {
  it('defaults, names local disk, a directory or PostgreSQL', () => {
    expect(parseStorageUrl(undefined)).toEqual({ kind: 'default' });
    expect(parseStorageUrl('')).toEqual({ kind: 'default' });
    expect(parseStorageUrl('local')).toEqual({ kind: 'local' });
    expect(parseStorageUrl('file:///var/lib/cadence/uploads')).toEqual({ kind: 'local', root: '/var/lib/cadence/uploads' });
    expect(parseStorageUrl('postgres')).toEqual({ kind: 'postgres' });
  });

  it('reads an S3 bucket, prefix, endpoint, region and credentials', () => {
    expect(parseStorageUrl('s3://AKIA:s%2Fcret@cadence-uploads/prod?endpoint=http://minio:9000&region=eu-west-1')).toEqual({
      kind: 's3',
      bucket: 'cadence-uploads',
      prefix: 'prod/',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 's/cret' },
    });
    expect(parseStorageUrl('s3://cadence-uploads')).toEqual({ kind: 's3', bucket: 'cadence-uploads', prefix: '', region: 'us-east-1', forcePathStyle: false });
  });

  it('stops start-up with a reason naming STORAGE_URL', () => {
    const reason = (value: string) => {
      try {
        loadConfig({ STORAGE_URL: value });
        return 'accepted';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(reason('ftp://host/x')).toMatch(/STORAGE_URL: must be local, file:\/\/\/absolute\/path, postgres, or s3:\/\/bucket/);
    expect(reason('disk')).toMatch(/STORAGE_URL: must be local/);
    expect(reason('s3://B')).toMatch(/STORAGE_URL: "B" is not an S3 bucket name/);
    expect(reason('s3://cadence?endpoint=minio:9000')).toMatch(/STORAGE_URL: endpoint must be an http\(s\) address/);
    expect(reason('s3://cadence?bucket=x')).toMatch(/STORAGE_URL: unknown parameter "bucket"/);
    expect(reason('s3://key@cadence')).toMatch(/STORAGE_URL: give both the access key id and the secret/);
    expect(reason('file://relative/dir')).toMatch(/STORAGE_URL: a file: URL must name an absolute directory/);
    expect(reason('s3://cadence?endpoint=https://s3.example.com')).toBe('accepted');
  });
});
