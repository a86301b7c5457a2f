// Runs the gateway alone (TARGET=gateway); it finds the services through <SERVICE>_ADDR.
import { runPlatform } from '@querylane/runtime';
import { gatewayModule } from './module.js';

await runPlatform({ modules: [gatewayModule] });
