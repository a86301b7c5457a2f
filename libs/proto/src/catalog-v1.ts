// querylane.catalog.v1: the service and its records.
export * from './gen/querylane/catalog/v1/catalog_service_pb.js';
export * from './gen/querylane/catalog/v1/resources_pb.js';
