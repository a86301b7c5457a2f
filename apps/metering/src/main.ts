// Runs the metering service alone (TARGET=metering), as in Kubernetes.
import { runPlatform } from '@querylane/runtime';
import { meteringModule } from './module.js';

await runPlatform({ modules: [meteringModule] });
