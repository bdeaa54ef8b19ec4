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
});
