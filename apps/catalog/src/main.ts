// Runs the catalog service alone (TARGET=catalog), as in Kubernetes.
import { runPlatform } from '@querylane/runtime';
import { catalogModule } from './module.js';

await runPlatform({ modules: [catalogModule] });
