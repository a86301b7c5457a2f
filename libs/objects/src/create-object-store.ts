// Chooses the object store from configuration: MinIO / S3 when its settings are given, a local
// directory otherwise. Nothing else in the code knows which one runs.
import type { Logger } from 'pino';
import { FilesystemObjectStore } from './filesystem-object-store.js';
import { MinioObjectStore, type MinioObjectStoreOptions } from './minio-object-store.js';
import type { ObjectStore } from './object-store.js';

export interface ObjectStoreConfig {
  /** The bucket on S3, or the folder under `directory` in the embedded mode. */
  bucket: string;
  /** Root of the embedded store, e.g. `<QUERYLANE_DATA_DIR>/objects`; unused when `s3` is set. */
  directory: string;
  /** S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY (and S3_REGION); absent for the embedded mode. */
  s3?: Omit<MinioObjectStoreOptions, 'bucket'> | undefined;
}

/** Opens the store the configuration names and creates its bucket when missing. */
export async function createObjectStore(config: ObjectStoreConfig, logger: Logger): Promise<ObjectStore> {
  const store: ObjectStore = config.s3
    ? new MinioObjectStore({ ...config.s3, bucket: config.bucket }, logger)
    : new FilesystemObjectStore({ directory: config.directory, bucket: config.bucket }, logger);
  await store.ensureBucket();
  logger.info({ kind: store.kind, bucket: store.bucket }, 'object store ready');
  return store;
}
