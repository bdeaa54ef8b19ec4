import { z } from 'zod';
import { defineContract, type ApiContract } from './api';

/** Home's platform figures, each counted from the tables that hold the data it describes. */
export const platformFiguresSchema = z.object({
  chineseSatellites: z.number().int(),
  globalSatellites: z.number().int(),
  spacecraft: z.number().int(),
  sensors: z.number().int(),
  provinces: z.number().int(),
  counties: z.number().int(),
  news: z.number().int(),
  sharedItems: z.number().int(),
  downloads: z.number().int(),
});
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;

export const platformFiguresContract = defineContract({
  method: 'GET',
  path: '/api/main/v1/figures',
  summary:
    'Platform figures for home: satellites, spacecraft and sensors described, regions covered, news, shared files and their downloads',
  tag: 'main',
  access: 'public',
  response: platformFiguresSchema,
});

/** Demo data still filling in after a first start (lib/server/db/seed.ts): what is to come, what failed. */
export const DEMO_SETS = [
  'news-cover-copies',
  'spots',
  'themes-demo',
  'nonagricultural-demo',
  'deform-demo',
  'planting-demo',
  'catalogue',
  'verification',
  'spot-push',
] as const;
export const demoStatusSchema = z.object({
  loading: z.boolean(),
  /** Seed steps still to run, the running one first (names of DEMO_SETS, or others a deployment adds). */
  pending: z.array(z.string()),
  failed: z.array(z.string()),
});
export type DemoStatus = z.infer<typeof demoStatusSchema>;

export const demoStatusContract = defineContract({
  method: 'GET',
  path: '/api/main/v1/demo-status',
  summary: 'Whether demo data is still being generated after the first start (the image catalogue, the themes), and which',
  tag: 'main',
  access: 'public',
  response: demoStatusSchema,
});

/** The platform figures API, for the OpenAPI document. */
export const FIGURE_CONTRACTS: readonly ApiContract[] = [platformFiguresContract, demoStatusContract];
