// The one binary: TARGET=all (default) runs every service in this process, still over gRPC on
// loopback; TARGET=catalog or a comma list runs only those (DESIGN.md §3).
import { runPlatform } from '@querylane/runtime';
import { platformModules } from './modules.js';

await runPlatform({ modules: platformModules });
