// The monthly call caps of each tier (API.md "Plans"); CATALOG_PLANS overrides them as JSON,
// e.g. {"pro": 2000000, "enterprise": null} (null: no monthly cap). The request rates of a tier
// belong to metering (METERING_PLANS).
import { z } from 'zod';

export const tiers = ['free', 'pro', 'enterprise'] as const;
export type Tier = (typeof tiers)[number];

export const defaultMonthlyCaps: Record<Tier, number | null> = { free: 10_000, pro: 1_000_000, enterprise: null };

const overridesSchema = z.record(z.enum(tiers), z.number().int().positive().nullable());

export const subscriptionPlansConfigSchema = z.object({
  CATALOG_PLANS: z
    .string()
    .optional()
    .transform((text, context): Record<Tier, number | null> => {
      if (!text) return defaultMonthlyCaps;
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
      return { ...defaultMonthlyCaps, ...result.data };
    }),
});

export function isTier(value: string): value is Tier {
  return (tiers as readonly string[]).includes(value);
}
