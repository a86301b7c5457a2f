// Runs the query-runtime service alone (TARGET=query-runtime), as in Kubernetes.
import { runPlatform } from '@querylane/runtime';
import { queryRuntimeModule } from './module.js';

await runPlatform({ modules: [queryRuntimeModule] });
