/** Bounds of a data application (issue 19), shared by its schema, its form and the image query's hand-over. */
export const REQUEST_LIMITS = {
  organizationMax: 200,
  projectMax: 200,
  purposeMax: 2000,
  nameMax: 100,
  phoneMax: 40,
  emailMax: 254,
  noteMax: 2000,
  /** Vertices of a drawn area of interest. */
  maxVertices: 2000,
  /** Region codes of one area application. */
  maxRegions: 20,
  /** The longest period one application covers. */
  maxPeriodDays: 3 * 366,
  /** JSON part of a create call (a 2,000-vertex polygon is ~80 KB). */
  maxJsonBytes: 256 * 1024,
} as const;
