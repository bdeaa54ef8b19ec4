/**
 * The properties a CQL2 filter (and `sortby`) may name: the STAC API's queryables. Anything else is a
 * 400 naming the allowed ones. One list read by the parser (types), the SQL compiler (columns), the
 * `/queryables` document and the OpenAPI description.
 */
export type QueryableType = 'string' | 'number' | 'integer' | 'timestamp' | 'geometry' | 'stringArray';

export interface Queryable {
  name: string;
  type: QueryableType;
  /** English description for the JSON Schema of `/queryables`. */
  description: string;
  /** Bounds for the JSON Schema (numbers). */
  minimum?: number;
  maximum?: number;
  /** May be null (cloud cover of radar scenes, optional angles). */
  nullable?: boolean;
  /** Usable in `sortby`. */
  sortable?: boolean;
}

export const QUERYABLES: readonly Queryable[] = [
  { name: 'id', type: 'string', description: 'Item id (scene id)', sortable: true },
  { name: 'collection', type: 'string', description: 'Collection id: satellite and sensor, lower case (e.g. gf1-pms)', sortable: true },
  { name: 'datetime', type: 'timestamp', description: 'Acquisition time (UTC)', sortable: true },
  { name: 'geometry', type: 'geometry', description: 'Scene footprint (WGS 84)' },
  { name: 'platform', type: 'string', description: 'Satellite, lower case (e.g. gf-1, landsat-9)', sortable: true },
  {
    name: 'instruments',
    type: 'stringArray',
    description: 'Sensor, lower case (e.g. pms, wfv, oli_tirs); =, <>, IN and LIKE test the sensor of the scene',
  },
  { name: 'gsd', type: 'number', description: 'Ground sample distance, metres', minimum: 0, sortable: true },
  {
    name: 'eo:cloud_cover',
    type: 'number',
    description: 'Cloud cover, percent (null for radar scenes)',
    minimum: 0,
    maximum: 100,
    nullable: true,
    sortable: true,
  },
  { name: 'view:off_nadir', type: 'number', description: 'Off-nadir angle, degrees', minimum: 0, maximum: 90, nullable: true },
  { name: 'view:sun_elevation', type: 'number', description: 'Sun elevation, degrees', minimum: -90, maximum: 90, nullable: true },
  { name: 'view:sun_azimuth', type: 'number', description: 'Sun azimuth, degrees', minimum: 0, maximum: 360, nullable: true },
  { name: 'sat:absolute_orbit', type: 'integer', description: 'Absolute orbit number', minimum: 0, nullable: true },
];

const byName = new Map(QUERYABLES.map((q) => [q.name, q]));

/** The queryable of that exact name (names are case-sensitive, as in STAC). */
export const findQueryable = (name: string): Queryable | undefined => byName.get(name);

export const QUERYABLE_NAMES: readonly string[] = QUERYABLES.map((q) => q.name);

export const SORTABLE_NAMES: readonly string[] = QUERYABLES.filter((q) => q.sortable).map((q) => q.name);
