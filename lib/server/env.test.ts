import { envSchema } from './env';

describe('environment', () => {
  it('defaults to the embedded database and local site', () => {
    const env = envSchema.parse({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe('./.data');
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.SEED_ON_START).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(envSchema.parse({ DATABASE_URL: '', ICP_RECORD: '' })).toMatchObject({ DATABASE_URL: undefined, ICP_RECORD: undefined });
  });

  it('accepts PostgreSQL URLs and refuses others', () => {
    expect(envSchema.parse({ DATABASE_URL: 'postgres://u:p@localhost:5432/portal' }).DATABASE_URL).toContain('localhost');
    expect(envSchema.safeParse({ DATABASE_URL: 'mysql://localhost/x' }).success).toBe(false);
    expect(envSchema.safeParse({ SITE_URL: 'not a url' }).success).toBe(false);
    expect(envSchema.safeParse({ SEED_ON_START: 'yes' }).success).toBe(false);
  });

  it('keeps files on disk by default and needs the bucket settings for S3', () => {
    expect(envSchema.parse({})).toMatchObject({ FILE_STORAGE: 'disk', FILE_URL_TTL_SECONDS: 600, S3_FORCE_PATH_STYLE: true });
    const missing = envSchema.safeParse({ FILE_STORAGE: 's3', S3_BUCKET: 'portal-files' });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.map((i) => i.path[0]).sort()).toEqual(['S3_ACCESS_KEY_ID', 'S3_ENDPOINT', 'S3_SECRET_ACCESS_KEY']);
    const s3 = {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(envSchema.parse(s3).S3_REGION).toBe('us-east-1');
    expect(envSchema.safeParse({ FILE_URL_SECRET: 'too-short' }).success).toBe(false);
    expect(envSchema.safeParse({ FILE_URL_TTL_SECONDS: '5' }).success).toBe(false);
  });
});
