// The question router's front door: deployed programs in, one program with its slots (or a refusal) out.
export { valuesFromProfile } from './candidate-profile.js';
export { keepRouterOptimized } from './compiler-settings.js';
export { defaultConfidenceThreshold, looksLikeFollowUp, QuestionRouter, refersBack } from './question-router.js';
export type {
  DataValues,
  RouteAnswer,
  RouteCandidateInput,
  RoutedCandidate,
  RouteOptions,
  RouteRefusal,
  RouteResult,
  RouterOptions,
  ScoredAlternative,
  SlotValue,
} from './routing.types.js';
