/**
 * Provincial nodes API (`/api/main/v1/node`): the provinces' satellite application nodes with their
 * contacts and the point where the map shows them (the province's label point).
 */
import { z } from 'zod';
import { defineContract, type ApiContract } from './api';

export const provinceCodeSchema = z.string().regex(/^[1-8]\d0000$/, 'a province code such as 130000');

export const nodeSchema = z.object({
  id: z.string(),
  provinceCode: z.string(),
  provinceName: z.string(),
  name: z.string(),
  /** The provincial natural-resources authority the node works with. */
  host: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string().nullable(),
  serviceHours: z.string(),
  /** [longitude, latitude] of the province's label point (WGS84). */
  position: z.tuple([z.number(), z.number()]),
  /** The contact details are invented for the demo. */
  demo: z.boolean(),
});
export type ProvincialNode = z.infer<typeof nodeSchema>;

export const nodeQuerySchema = z.object({ province: provinceCodeSchema.optional() });

export const listNodesContract = defineContract({
  method: 'GET',
  path: '/api/main/v1/node',
  summary: 'Provincial nodes in province-code order, or the node of one province',
  tag: 'main',
  access: 'public',
  cacheSeconds: 300,
  query: nodeQuerySchema,
  response: z.array(nodeSchema),
});

/** The provincial nodes API, for the OpenAPI document. */
export const NODE_CONTRACTS: readonly ApiContract[] = [
  listNodesContract,
];
