/**
 * Uploaded areas of the image query (spec §4 mode SHP 3, §7 `normalmeta/upload/shp`): a zipped shapefile,
 * GeoJSON, KML or KMZ becomes one dissolved WGS84 area, kept for CATALOGUE_LIMITS.uploadTtlHours under an
 * unguessable id (uuid v4) that the search (`{mode: 3, uploadId}`) and the page URL (`shp=`) name.
 *
 * Coordinate systems: the shapefile's `.prj` is read (WKT) and the geometry reprojected to WGS84 —
 * CGCS2000 geographic (EPSG:4490, taken as WGS84: they differ by centimetres), CGCS2000 Gauss-Krüger zones
 * (EPSG:4513–4554), Web Mercator (3857) and any other projection the WKT fully describes. A `.prj` that
 * cannot be read is refused. Without a `.prj` (and for GeoJSON without `crs`, KML always) the coordinates
 * are taken as WGS84 longitude/latitude only if every one lies within ±180 / ±90; otherwise the file is
 * refused. GCJ-02 ("Mars coordinates") is not a coordinate system a file can declare and is never guessed.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { defineContract } from './api';
import { multiPolygonSchema, uploadIdSchema } from './catalogue';

export const AREA_UPLOAD_LIMITS = {
  /** The uploaded file (zip, GeoJSON, KML, KMZ) and the request body. */
  maxFileBytes: 20 * 1024 * 1024,
  /** All members of a zip (shapefile or KMZ) once inflated, declared and actual. */
  maxUncompressedBytes: 50 * 1024 * 1024,
  /** Vertices of the stored area, after a simplification that keeps its area within `maxAreaChange`. */
  maxVertices: 100_000,
  /**
   * The same on the embedded database (issue 32.2), which runs one statement at a time for everyone and cannot stop
   * one: each statement of the dissolve, the lighter copy, the core and the insert costs ~2–3 µs a vertex there
   * (100,000 vertices: 0.1–0.65 s each, 0.6–1.8 s as the one dissolve statement it was; 40,000: ≤ ~0.11 s each).
   */
  embeddedMaxVertices: 40_000,
  /**
   * What a file may bring, counted while it is read, before anything else runs (issue 32: 30,000 tiny features
   * took 11.7 s to refuse after the dissolve; a 150,000-vertex ring stalled the embedded database 219 s).
   */
  maxPolygons: 2_000,
  maxInputVertices: 250_000,
  /** Self-crossings and self-touches of all polygons together that the database may repair. */
  maxSelfCrossings: 200,
  /** Crossings between different polygons (overlapping parcels are fine; the dissolve's cost grows with them). */
  maxOverlapCrossings: 20_000,
  /** Largest relative change of the area a simplification may make (0.1 %). */
  maxAreaChange: 0.001,
  /** Vertices of the outline returned for display (the stored area keeps its own). */
  displayVertices: 5_000,
  /** Accepted file name endings (lower case). */
  extensions: ['.zip', '.geojson', '.json', '.kml', '.kmz'],
} as const;

type UploadErrorKey = keyof (typeof zh)['Upload']['errors'];
/** The message key of a refusal, for the API and the screen alike. */
export const uploadErrorKey = (key: UploadErrorKey) => `Upload.errors.${key}` as const;

export const uploadIdParamsSchema = z.object({ id: uploadIdSchema });

/** An uploaded area as the screen shows it. */
export const uploadedAreaSchema = z.object({
  id: z.string(),
  /** The uploaded file's name. */
  name: z.string(),
  /** Geodesic area (km²) of the stored area. */
  areaKm2: z.number(),
  /** Vertices of the stored area (after any simplification). */
  vertices: z.number().int(),
  /** True when rings were invalid (self-intersecting, badly oriented, …) and were repaired. */
  repaired: z.boolean(),
  /** True when the area had more than AREA_UPLOAD_LIMITS.maxVertices vertices and was simplified. */
  simplified: z.boolean(),
  /** The source coordinate system as the file named it (e.g. `CGCS2000_3_Degree_GK_Zone_39`), or `WGS 84`. */
  crs: z.string(),
  /** Polygon features read from the file. */
  features: z.number().int(),
  /** [west, south, east, north] of the area. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** The outline for the map, simplified to about AREA_UPLOAD_LIMITS.displayVertices vertices (display only). */
  geometry: multiPolygonSchema,
  /** ISO 8601: when the upload is forgotten. */
  expiresAt: z.string(),
});
export type UploadedArea = z.infer<typeof uploadedAreaSchema>;

export const uploadAreaContract = defineContract({
  method: 'POST',
  path: '/api/normal/v5/normalmeta/upload/shp',
  heavy: true,
  summary:
    'Upload an area (multipart field `file`: zipped shapefile with .shp/.shx/.dbf/.prj, GeoJSON, KML or KMZ; ≤ 20 MB, ≤ 50 MB inflated, ≤ 100,000 vertices): polygons dissolved into one WGS84 area kept for 24 h under the returned id',
  tag: 'Catalogue',
  access: 'public',
  response: uploadedAreaSchema,
  maxBodyBytes: AREA_UPLOAD_LIMITS.maxFileBytes + 64 * 1024,
  formBody: {
    files: [{ field: 'file', contentType: 'application/octet-stream', required: true, description: 'The area file (see the summary)' }],
  },
});

export const getUploadedAreaContract = defineContract({
  method: 'GET',
  path: '/api/normal/v5/normalmeta/upload/shp/{id}',
  summary: 'An uploaded area while it lives (404 once expired)',
  tag: 'Catalogue',
  access: 'public',
  params: uploadIdParamsSchema,
  response: uploadedAreaSchema,
});

export const UPLOAD_CONTRACTS = [uploadAreaContract, getUploadedAreaContract];
