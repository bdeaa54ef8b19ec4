import 'server-only';
/**
 * Server environment, read and validated once. Everything configurable lives here; see `.env.example`
 * and the README's configuration table.
 */
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** PostgreSQL + PostGIS connection string; unset → embedded PGlite in DATA_DIR. */
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /**
     * A streaming hot standby of DATABASE_URL: catalogue search, STAC, statistics and map reads go to it while it is
     * usable (docs/adr/0034-read-replica.md). Unset → everything reads the primary; ignored by the embedded database.
     */
    DATABASE_READ_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /** The standby is read while it is at most this far behind the primary, else reads go to the primary. */
    DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
    /** Where the embedded database keeps its files. */
    DATA_DIR: z.string().default('./.data'),
    /** Public origin of the portal, for canonical links, the sitemap and the app QR code. */
    SITE_URL: z.url().default('http://localhost:3000'),
    /** Where the mobile app is downloaded; encoded in the footer's QR code. */
    APP_DOWNLOAD_URL: optionalString.pipe(z.url().optional()),
    /** Website record numbers shown in the footer; unset on a demo deployment. */
    ICP_RECORD: optionalString,
    PSB_RECORD: optionalString,
    /** Skip demo data when the server starts (production deployments import their own data). */
    SEED_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * With SEED_ON_START: the large generated demo sets (image catalogue, the themes' demo features) fill in after the
     * server answers, the screens that show them saying so; `false` waits for everything before answering (tests,
     * benches).
     */
    DEMO_DATA_IN_BACKGROUND: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** How many DEMO scenes the image catalogue generates on start (`npm run db:seed -- --catalogue N` loads other counts). */
    DEMO_CATALOGUE_SCENES: z.coerce.number().int().min(0).max(5_000_000).default(100_000),
    /** Lowest level logged; unset → `info`, or `silent` under jest (NODE_ENV=test) so test output stays readable. */
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).optional(),
    /** HS256 secret for session tokens; unset → generated once and kept in the database. */
    SESSION_SECRET: optionalString.pipe(z.string().min(32).optional()),
    /** Hours a session lasts. */
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    /** PEM private key (RSA ≥ 2048) for the login form's password encryption; unset → generated once and kept in the database. */
    LOGIN_RSA_PRIVATE_KEY: optionalString,
    /** Tests only: every captcha answer is this value. The server warns loudly when it is set. */
    CAPTCHA_FIXED_ANSWER: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9]{4,8}$/)
        .optional(),
    ),
    /**
     * Tests and benches only: subscription webhooks may be delivered to loopback addresses (127.0.0.1, ::1), over
     * http too, so a local receiver can stand in. Every other private, link-local or metadata address stays refused.
     * The server warns loudly at start when it is set.
     */
    WEBHOOK_ALLOW_LOOPBACK: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** SMTP server for e-mail (smtp[s]://user:pass@host:port); unset → messages go to the outbox table and the console. */
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    /** Sender of e-mail. */
    MAIL_FROM: z.string().default('Satellite RS Cloud <no-reply@rscloud.example>'),
    /** Password of the seeded demo accounts. */
    DEMO_PASSWORD: z.string().min(8).default('Demo@2026'),
    /** Where browsers find the map services: the built-in same-origin `/map`, or a GeoServer's base URL. */
    MAP_SERVICE_BASE: z
      .string()
      .default('/map')
      .refine((v) => /^\/[\w/-]*$/.test(v) || /^https?:\/\/[^\s]+$/.test(v), 'a path starting with / or an http(s) URL')
      .transform((v) => v.replace(/\/+$/, '') || '/map'),
    /** Worker threads drawing map images; unset → one per CPU core (at most 8), 0 → draw on the request thread. */
    MAP_RENDER_THREADS: z.coerce.number().int().min(0).max(32).optional(),
    /** Worker threads predicting satellite passes; unset → one per CPU core (at most 4), 0 → on the request thread. */
    ORBIT_THREADS: z.coerce.number().int().min(0).max(32).optional(),
    /** Worker threads that read and check uploaded areas; unset → one per CPU core (at most 2), 0 → on the request thread. */
    AREA_UPLOAD_THREADS: z.coerce.number().int().min(0).max(32).optional(),
    /** Worker threads laying out verification PDF reports; unset → one per CPU core (at most 2), 0 → on the request thread. */
    REPORT_THREADS: z.coerce.number().int().min(0).max(32).optional(),
    /**
     * Bounds PostgreSQL enforces on every statement the running portal sends (lib/server/db/postgres.ts): run time
     * (0 = none), memory per sort/hash, disk spilled per session, and idle time inside a transaction. Migrations
     * and demo seeding at start run on a connection of their own without them.
     */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    DB_WORK_MEM_KB: z.coerce.number().int().min(64).max(4_194_304).default(16_384),
    DB_TEMP_FILE_LIMIT_KB: z.coerce.number().int().min(1024).max(1_073_741_824).default(2_097_152),
    /**
     * The expensive public analyses (coverage, fall figures, union areas, sort by coverage, predictions, area
     * uploads; lib/server/api/heavy-work.ts): how many run at once (unset → 1 on the embedded database, which works
     * one statement at a time, else 4), how many one client may run (and have waiting), how many may wait in all,
     * (unset → what fits in a quarter of MAX_ACTIVE_REQUESTS beside the running ones, at most 32) and the longest
     * wait before a 503 with Retry-After.
     */
    HEAVY_MAX_ACTIVE: z.coerce.number().int().min(1).max(64).optional(),
    HEAVY_PER_CLIENT: z.coerce.number().int().min(1).max(16).default(1),
    HEAVY_MAX_QUEUE: z.coerce.number().int().min(0).max(1000).optional(),
    /** server.mjs's admission (scripts/admission.mjs): requests let into Next at once, 0 = no bound. Read here to size the above. */
    MAX_ACTIVE_REQUESTS: z.coerce.number().int().min(0).default(48),
    HEAVY_MAX_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** Tianditu (天地图) browser key; set → online VEC/IMG base layers, unset → the offline base maps. */
    TIANDITU_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9a-f]{32}$/i)
        .optional(),
    ),
    /** Where uploaded and shared files live: `disk` (FILE_STORAGE_DIR) or an S3-compatible bucket. */
    FILE_STORAGE: z.enum(['disk', 's3']).default('disk'),
    /** Folder of the disk file store; unset → `<DATA_DIR>/files`. */
    FILE_STORAGE_DIR: optionalString,
    /** S3-compatible object storage (FILE_STORAGE=s3): endpoint URL, bucket, region and keys. */
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
        .optional(),
    ),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** `true`: https://endpoint/bucket/key (MinIO, most self-hosted stores); `false`: https://bucket.endpoint/key. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * Imagery served by the satellite-image WMTS (issue 37): the folder every `file:` COG asset must lie under
     * (unset → `<DATA_DIR>/imagery`, where `npm run imagery:add` and the demo keep their converted COGs). Nothing
     * outside it is ever read.
     */
    IMAGERY_ROOT: optionalString,
    /** Imagery tiles one client may have in progress at once; more wait briefly, then answer 503 with Retry-After. */
    IMAGERY_TILES_PER_CLIENT: z.coerce.number().int().min(1).max(64).default(6),
    /** Visits one network address may count per minute (POST …/statistics-transaction/incr); more answer 429. */
    VISIT_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    CAPTCHA_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** HMAC secret of signed download links (≥ 32 characters); unset → generated once and kept in the database. */
    FILE_URL_SECRET: optionalString.pipe(z.string().min(32).optional()),
    /** Seconds a signed download link stays valid. */
    FILE_URL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(30)
      .max(7 * 24 * 3600)
      .default(600),
    /** Runs the job queue (order production, notifications) in the server process; off for a web-only replica. */
    JOB_WORKER: z.enum(['on', 'off']).default('on'),
    /** How often an idle worker looks for due jobs (milliseconds). */
    JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
    /** How long a worker holds a job before another may take it over (a crashed worker's job waits this long). */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
    /**
     * The coverage figures' background work (docs/adr/0032-coverage-figures.md): at most this share (per cent) of the
     * time, in turns of at most COVERAGE_FIGURES_TURN_MS, each followed by a pause that keeps the share.
     */
    COVERAGE_FIGURES_SHARE: z.coerce.number().int().min(1).max(100).default(25),
    COVERAGE_FIGURES_TURN_MS: z.coerce.number().int().min(20).max(10_000).default(250),
    /** Time to recall an offline (archived) scene before its package is built; online scenes are built at once. */
    ORDER_OFFLINE_DELAY_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .default(600),
  })
  .superRefine((env, ctx) => {
    if (env.FILE_STORAGE !== 's3') return;
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when FILE_STORAGE=s3' });
    }
  });

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * True while `next build` runs (Next.js sets NEXT_PHASE itself: a fact about the process, not
 * configuration, so it is not in the schema or `.env.example`). Read here so that this file stays the
 * only server module that reads `process.env`.
 */
export function isProductionBuildPhase(): boolean {
  return process.env.NEXT_PHASE === 'phase-production-build';
}

/** For tests that change the environment. */
export function resetEnvCache(): void {
  cached = undefined;
}
