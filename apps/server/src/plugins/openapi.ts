import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { completeRouteSchema } from './route-responses.js';

type Transform = typeof jsonSchemaTransform;
type JsonObject = Record<string, unknown>;

/**
 * OpenAPI 3.0 reads `nullable` as adding null to the type, not to an `enum`: a nullable enum must
 * list null itself (3.0.3, "nullable"), or validators refuse the null the route answers.
 */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullInNullableEnums);
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonObject;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  Object.values(schema).forEach(nullInNullableEnums);
}

/**
 * The zod type provider's transform, then two corrections it cannot make: nullable enums, and
 * routes that answer something other than JSON (`produces`): their success is described as
 * bytes of those types, while their errors stay JSON.
 */
const exactTransform: Transform = (input) => {
  const output = jsonSchemaTransform(input);
  const schema = output.schema as JsonObject | undefined;
  if (!schema || schema.hide) return output;
  nullInNullableEnums(schema);
  const produces = schema.produces as string[] | undefined;
  const response = schema.response as Record<string, JsonObject> | undefined;
  if (produces && response) {
    delete schema.produces;
    for (const [status, body] of Object.entries(response)) {
      if (!status.startsWith('2')) continue;
      response[status] = {
        description: body.description ?? 'Default Response',
        content: Object.fromEntries(
          produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
        ),
      };
    }
  }
  return output;
};

/**
 * The OpenAPI document, generated from the routes' zod schemas, and its browser at /api/docs.
 * Registered before the routes: its onRoute hook completes each route's schema (route-responses.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', completeRouteSchema);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Guildhall API',
        description:
          'Members-only portal for esport and community organisations. Every answer a route can give is listed with it; errors are `{ error: { code, message, params?, issues? } }`: `code` (and each issue’s `code`) with `params` is what a client translates; `message` is English.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: exactTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI's own policy, held to ours: never framed, no forced upgrade on plain HTTP.
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
