// The topics of DESIGN.md §2; names are fixed. Every topic is keyed by project_id.
export const topics = {
  jobs: 'querylane.jobs',
  catalog: 'querylane.catalog',
  queryPrograms: 'querylane.queryprograms',
  deployments: 'querylane.deployments',
  apiCalls: 'querylane.api-calls',
  alerts: 'querylane.alerts',
  deadLetter: 'querylane.dead-letter',
} as const;

export type Topic = (typeof topics)[keyof typeof topics];

export const allTopics: Topic[] = Object.values(topics);
