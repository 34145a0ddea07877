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

/**
 * The background workers anywhere, from the freshest heartbeat in the database: reported, never a
 * reason for an API-only process to be unready (decision 0030). `unknown` when the database did
 * not answer.
 */
export const readinessWorkersSchema = z.object({
  status: z.enum(['beating', 'stale', 'none', 'unknown']),
  message: z.string(),
});
export type ReadinessWorkers = z.infer<typeof readinessWorkersSchema>;

/**
 * `GET /api/health/ready` when every check passed (a failed one answers 503 naming it). The
 * `worker` check is there only in a process that runs a worker.
 */
export const readinessResponseSchema = z.object({
  status: z.literal('ready'),
  checks: z.array(readinessCheckSchema),
  workers: readinessWorkersSchema,
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
