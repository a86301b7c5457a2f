// What the question router takes (deployed programs as the catalog stores them, parsed at the edge)
// and what it answers (one program with its slot values, or a refusal naming the closest programs).
import { z } from 'zod';
import type { ProgramFamily, Slot } from '../generation/index.js';

const scalar = z.union([z.string(), z.number(), z.boolean()]);

const slotSchema = z.object({
  name: z.string().min(1),
  type: z.enum(['string', 'integer', 'number', 'boolean', 'date', 'enum']),
  required: z.boolean().optional().default(false),
  default: scalar.nullable().optional().default(null),
  description: z.string().optional().default(''),
  enum_values: z.array(scalar).optional(),
  minimum: z.union([z.number(), z.string()]).optional(),
  maximum: z.union([z.number(), z.string()]).optional(),
  observed_minimum: z.union([z.number(), z.string()]).optional(),
  observed_maximum: z.union([z.number(), z.string()]).optional(),
});

// Hand-written programs have no plan (steps null); a plan that does not parse is treated the same way.
const stepsSchema = z.object({
  family: z.string().optional(),
  table: z.string().optional(),
  columns: z.array(z.string()).optional().default([]),
  group_by: z.array(z.string()).optional(),
  filters: z.array(z.object({ column: z.string(), op: z.enum(['eq', 'gte', 'lte', 'ilike', 'present', 'contains']), slot: z.string() })).optional().default([]),
  aggregate: z.object({ function: z.string(), column: z.string().nullable() }).optional(),
  order: z.object({ column: z.string(), direction: z.string(), slot: z.string().optional(), chronological: z.boolean().optional() }).optional(),
  limit: z.object({ slot: z.string() }).nullable().optional(),
  interval: z.object({ slot: z.string() }).optional(),
  rank_by: z.object({ slot: z.string(), column: z.string().optional(), adds: z.boolean().optional() }).optional(),
  column_choice: z.object({ slot: z.string(), columns: z.array(z.string()) }).optional(),
});

export const routeCandidateSchema = z.object({
  /** How callers name the program on the unified endpoint (usually the program name). */
  endpoint_name: z.string().min(1),
  name: z.string().min(1),
  family: z.string().nullable().optional().default(null),
  query: z.string(),
  description: z.string().nullable().optional().default(null),
  reason: z.string().nullable().optional().default(null),
  examples: z.array(z.string()).optional().default([]),
  steps: z.unknown().optional(),
  slots: z.array(slotSchema).optional().default([]),
  stores: z.array(z.string()).optional().default([]),
});

/** A deployed program as the router reads it: a QueryProgramsTable row plus its endpoint name. */
export type RouteCandidateInput = z.input<typeof routeCandidateSchema>;

export type ParsedSteps = z.infer<typeof stepsSchema>;

export function parseSteps(steps: unknown): ParsedSteps | null {
  const parsed = stepsSchema.safeParse(steps);
  return parsed.success ? parsed.data : null;
}

export type SlotValue = string | number | boolean;

/** A column's known values; `partial` when the profile listed only its most frequent ones. */
export type ColumnValues = readonly SlotValue[] & { readonly partial?: boolean };

/** Table → column → the values the data holds (low-cardinality columns, from the Dataline's profile). */
export type DataValues = Record<string, Record<string, ColumnValues>>;

export interface RouterOptions {
  values?: DataValues;
  /** Every column of each table (from its profile), beside those the programs read: a question naming one no program reads is not answered by another column. */
  columns?: Record<string, readonly string[]>;
  /** Answers below this confidence become refusals (default: `defaultConfidenceThreshold`). */
  threshold?: number;
}

export interface RouteOptions {
  /** "last year", "this month" are read relative to this instant (default: now). */
  now?: Date;
}

export interface RoutedCandidate {
  endpoint_name: string;
  name: string;
  family: ProgramFamily | null;
  slots: Slot[];
}

export interface ScoredAlternative {
  endpoint_name: string;
  score: number;
}

export interface RouteAnswer {
  kind: 'answer';
  candidate: RoutedCandidate;
  /** Only slots the question gave a value for; every value already checked against the slot. */
  slots: Record<string, SlotValue>;
  confidence: number;
  /** The next candidates, best first (at most 3). */
  alternatives: ScoredAlternative[];
  /**
   * Of an aggregate, which answers a measure's total and average both: the one the question asks
   * for, where it says ("the average total price", "total hours worked"). The answer's rows lead with it.
   */
  figure?: 'total' | 'average';
}

export interface RouteRefusal {
  kind: 'refusal';
  reason: string;
  confidence: number;
  /** The 3 closest candidates, best first, for `details` of the invalid_query error. */
  candidates: ScoredAlternative[];
}

export type RouteResult = RouteAnswer | RouteRefusal;
