// The query generator's front door: profile in, ranked query programs out.
export { defaultMaxPrograms, familyCaps, generateQueryPrograms } from './generate-query-programs.js';
export type { GenerateQueryProgramsOptions } from './generate-query-programs.js';
export type { GeneratedProgram, ProgramFamily, ProgramFilter, ProgramSteps, Slot, SlotType } from './query-program.types.js';
export { deadlineName } from './column-roles.js';
export { snakeName } from './slug-names.js';
