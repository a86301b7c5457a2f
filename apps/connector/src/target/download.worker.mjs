// The download thread's entry (download-thread.ts starts it with the URL of download.thread.ts,
// or of the bundled download.thread.js in a built image). Plain JavaScript, so it loads as it is
// wherever the platform runs: from the source tree the TypeScript goes through tsx, which a worker
// thread does not inherit from `node --import tsx`.
import { workerData } from 'node:worker_threads';

const { entry } = workerData;
if (entry.endsWith('.ts')) {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(entry, import.meta.url);
} else {
  await import(entry);
}
