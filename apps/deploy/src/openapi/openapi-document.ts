// The OpenAPI 3.1 document of a project's deployed queries in one environment, assembled from the
// stored Api and ApiEndpoints: one POST operation per endpoint, its schemas under components, and
// the API-key schemes, so an interactive reference can call the endpoints with a key.
import { securitySchemes, type JsonSchema } from '../endpoints/endpoint-spec.js';
import type { ApiRow, EndpointRow } from '../deployments/deployments.repository.js';

export interface DocumentInput {
  projectId: string;
  environment: string;
  /** Undefined until the first deploy in the environment; the document then has no paths. */
  api: ApiRow | undefined;
  endpoints: EndpointRow[];
  serverUrl: string;
}

export function openApiDocument(input: DocumentInput): JsonSchema {
  const { api, endpoints, environment, projectId } = input;
  const schemas: JsonSchema = {};
  const paths: JsonSchema = {};
  for (const endpoint of endpoints) {
    Object.assign(schemas, endpoint.component_schemas);
    paths[endpoint.path] = {
      [endpoint.http_method.toLowerCase()]: {
        operationId: endpoint.operation_id,
        summary: endpoint.summary ?? endpoint.endpoint_name,
        ...(endpoint.description ? { description: endpoint.description } : {}),
        tags: endpoint.tags,
        parameters: scopeHeaders(projectId, environment),
        requestBody: endpoint.request_body,
        responses: endpoint.responses,
        security: endpoint.security,
        'x-querylane-program': { query_program_id: endpoint.query_program_id, version: endpoint.program_version },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: api?.name ?? 'Querylane queries',
      version: api?.version ?? 'v1',
      description: `The queries deployed in ${environment}. Each takes one JSON body member per slot and answers \`{data, execution_time_ms}\`; send an API key of the project as \`X-Api-Key\` or \`Authorization: Bearer\`.`,
    },
    servers: api?.servers.length ? api.servers : [{ url: input.serverUrl, description: `Querylane ${environment}` }],
    security: api?.security.length ? api.security : [{ apiKey: [] }, { bearerApiKey: [] }],
    tags: api?.tags ?? [],
    paths,
    components: { schemas, securitySchemes },
  };
}

/** The project and environment the call is for; an API key scoped to one of each needs neither. */
function scopeHeaders(projectId: string, environment: string): JsonSchema[] {
  return [
    { name: 'X-Project-Id', in: 'header', required: false, description: 'The project (needed when the key has several)', schema: { type: 'string', default: projectId }, example: projectId },
    { name: 'X-Environment', in: 'header', required: false, description: 'The environment (needed when the key has several)', schema: { type: 'string', enum: [environment], default: environment }, example: environment },
  ];
}
