import { z } from 'zod';

/** `GET /api/health`: the process is alive and answering (no dependency is consulted). */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readinessCheckNameSchema = z.enum(['database', 'migrations', 'worker']);

/** One check of `GET /api/health/ready`, with what it found. */
export const readinessCheckSchema = z.object({
  name: readinessCheckNameSchema,
  status: z.enum(['ok', 'failed']),
  message: z.string(),
});
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/** `GET /api/health/ready` when every check passed (a failed one answers 503 naming it). */
export const readinessResponseSchema = z.object({
  status: z.literal('ready'),
  checks: z.array(readinessCheckSchema),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
