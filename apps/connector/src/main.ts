// Runs the connector service alone (TARGET=connector), as in Kubernetes.
import { runPlatform } from '@querylane/runtime';
import { connectorModule } from './module.js';

await runPlatform({ modules: [connectorModule] });
