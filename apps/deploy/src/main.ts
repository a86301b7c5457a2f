// Runs the deploy service alone (TARGET=deploy), as in Kubernetes.
import { runPlatform } from '@querylane/runtime';
import { deployModule } from './module.js';

await runPlatform({ modules: [deployModule] });
