// The request rates of each tier (API.md "Plans"); the monthly caps belong to the catalog's
// Subscription. METERING_PLANS overrides them: {"pro": {"perSecond": 150, "burst": 300}}.
import { z } from 'zod';
import type { BucketShape } from './token-bucket.js';

export const defaultPlanRates: Record<string, BucketShape> = {
  free: { perSecond: 10, burst: 20 },
  pro: { perSecond: 100, burst: 200 },
  enterprise: { perSecond: 1_000, burst: 2_000 },
};

const overridesSchema = z.record(z.string(), z.object({ perSecond: z.number().positive(), burst: z.number().int().positive() }).strict());

/** The env variable: JSON overrides merged over the defaults. */
export const planRatesVariable = z
  .string()
  .optional()
  .transform((text, context): Record<string, BucketShape> => {
    if (!text) return defaultPlanRates;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'expected JSON' });
      return z.NEVER;
    }
    const result = overridesSchema.safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: `${issue.path.join('.')}: ${issue.message}` });
      return z.NEVER;
    }
    return { ...defaultPlanRates, ...result.data };
  });
