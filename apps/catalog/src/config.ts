// The catalog's own settings, validated like the platform's (one line per bad variable).
import { z } from 'zod';

export const catalogConfigSchema = z.object({
  QUERYLANE_ADMIN_TOKEN: z.string().regex(/^[\x21-\x7e]{16,512}$/, 'expected 16 to 512 printable characters').optional(),
  QUERYLANE_ADMIN_EMAIL: z.string().email().default('admin@querylane.local'),
  QUERYLANE_SECRET_KEY: z.string().optional(),
});

export type CatalogConfig = z.output<typeof catalogConfigSchema>;
