// The connector's gRPC surface: it passes the caller on to the catalog and maps the answers.
import { fromJson, type JsonValue } from '@bufbuild/protobuf';
import { ValueSchema } from '@bufbuild/protobuf/wkt';
import { AppError } from '@querylane/errors';
import { onBehalfOf, type ServiceImplementation } from '@querylane/grpc';
import type { ObjectStore } from '@querylane/objects';
import type { ServiceClients } from '@querylane/runtime';
import type { connectorV1 } from '@querylane/proto';
import type { ExecuteAnswer, ExecuteRequestUseCase } from './execution/execute-request.usecase.js';
import { parseTargetRequest, type TargetClient } from './target/index.js';

function jobsOf(answer: ExecuteAnswer) {
  return {
    dataObjectId: answer.data_object_id,
    jobs: answer.jobs.map((job) => ({ id: job.id, jobType: job.job_type, status: job.status, createdAt: { seconds: BigInt(Math.floor(Date.parse(job.created_at) / 1000)), nanos: (Date.parse(job.created_at) % 1000) * 1e6 } })),
  };
}

export function connectorHandlers(deps: {
  target: TargetClient;
  execute: ExecuteRequestUseCase;
  objects: ObjectStore;
  clients: ServiceClients;
}): Omit<ServiceImplementation<typeof connectorV1.ConnectorService>, 'getServiceInfo'> {
  return {
    testConnection: async ({ request }) => {
      const result = await deps.target.testConnection(parseTargetRequest(request));
      return {
        success: result.success,
        status: result.status,
        responseTime: result.response_time,
        contentType: result.content_type ?? undefined,
        size: BigInt(result.size),
        data: fromJson(ValueSchema, (result.data ?? null) as JsonValue),
        ...(result.error ? { error: result.error } : {}),
      };
    },
    executeRequest: async (request, context) =>
      jobsOf(
        await deps.execute.execute({
          projectId: request.projectId,
          datasourceId: request.datasourceId,
          request: request.request,
          connectSpec: request.connectSpec,
          idempotencyKey: request.idempotencyKey || undefined,
          as: onBehalfOf(context),
        }),
      ),
    refreshDatasource: async ({ datasourceId }, context) => jobsOf(await deps.execute.refresh(datasourceId, onBehalfOf(context))),
    readDataObject: async function* ({ dataObjectId }, context) {
      // The catalog authorizes the caller for the object's project.
      const { dataObject } = await deps.clients.catalog.call.getDataObject({ dataObjectId }, onBehalfOf(context));
      if (!dataObject) throw new AppError('not_found', `data object ${dataObjectId} not found`);
      const stream = await deps.objects.get(dataObject.key);
      let first = true;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (context.signal.aborted) break;
        // 64 KiB messages keep gRPC frames small whatever chunk size the store gives.
        for (let offset = 0; offset < chunk.length; offset += 65_536) {
          const piece = chunk.subarray(offset, offset + 65_536);
          yield first ? { mimeType: dataObject.mimeType, size: dataObject.fileSize, fileName: dataObject.key.split('/').pop() ?? 'object', chunk: piece } : { chunk: piece };
          first = false;
        }
      }
      if (first) yield { mimeType: dataObject.mimeType, size: dataObject.fileSize, fileName: dataObject.key.split('/').pop() ?? 'object', chunk: new Uint8Array() };
    },
  };
}
