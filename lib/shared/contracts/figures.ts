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

/** The platform figures API, for the OpenAPI document. */
export const FIGURE_CONTRACTS: readonly ApiContract[] = [
  platformFiguresContract,
];
