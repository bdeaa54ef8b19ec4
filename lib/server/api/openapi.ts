import 'server-only';
import { z } from 'zod';
import { envelopeSchema, type ApiContract, type FormBody } from '../../shared/contracts/api';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

function parameters(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

/** A body the handler reads itself: multipart/form-data (its files, and the JSON as a part), and JSON alone when taken. */
function formRequestBody({ json, files }: FormBody) {
  const properties: Record<string, JsonSchema> = {};
  const encoding: Record<string, { contentType: string }> = {};
  const required: string[] = [];
  if (json) {
    properties[json.field] = { ...toSchema(json.schema, 'input'), description: 'The JSON body, as the text of this part' };
    encoding[json.field] = { contentType: 'application/json' };
    required.push(json.field);
  }
  for (const file of files) {
    properties[file.field] = { type: 'string', format: 'binary', description: file.description };
    encoding[file.field] = { contentType: file.contentType };
    if (file.required) required.push(file.field);
  }
  return {
    required: true,
    content: {
      ...(json?.alsoAlone ? { 'application/json': { schema: toSchema(json.schema, 'input') } } : {}),
      'multipart/form-data': { schema: { type: 'object', properties, required }, encoding },
    },
  };
}

function operation(contract: ApiContract) {
  return {
    summary: contract.summary,
    tags: [contract.tag],
    security: contract.access === 'public' ? [] : [{ tokenHeader: [] }, { tokenCookie: [] }],
    ...(contract.access !== 'public' && typeof contract.access === 'object' ? { 'x-permission': contract.access.permission } : {}),
    parameters: [...parameters(contract.params, 'path'), ...parameters(contract.query, 'query')],
    ...(contract.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(contract.body, 'input') } } } }
      : contract.formBody
        ? { requestBody: formRequestBody(contract.formBody) }
        : {}),
    responses: {
      200: {
        description: 'Envelope: code 0 on success, otherwise a localized message',
        content: { 'application/json': { schema: toSchema(envelopeSchema(contract.response), 'output') } },
      },
      ...(contract.access === 'public' ? {} : { 401: { description: 'No valid session' }, 403: { description: 'Permission missing' } }),
    },
  };
}

/** The OpenAPI 3 document, generated from the same zod schemas the handlers parse with. */
export function buildOpenApi(contracts: readonly ApiContract[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of contracts) {
    paths[contract.path] = { ...paths[contract.path], [contract.method.toLowerCase()]: operation(contract) };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Natural Resources Satellite Remote Sensing Cloud Service — portal API',
      version: '1.0.0',
      description: 'Every answer is an envelope {code, message, data}; code 0 is success. Messages follow Accept-Language (zh or en).',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        tokenHeader: { type: 'apiKey', in: 'header', name: 'token' },
        tokenCookie: { type: 'apiKey', in: 'cookie', name: 'token' },
      },
    },
    paths,
  };
}
