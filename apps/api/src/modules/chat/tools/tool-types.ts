import type { ChatSource } from '@crescendo/contracts';
import type { z } from 'zod';

/** The assistant's tool names, what a tool is, and how one is defined (`createAssistantTools`). */
export type ToolOutput = Record<string, unknown>;

export type AssistantTool = {
  name: AssistantToolName;
  description: string;
  inputSchema: z.ZodObject;
  /** Validates the input, reads the caller's own numbers and names where they came from. */
  run(input: unknown): Promise<{ output: ToolOutput; source: ChatSource }>;
};

export const assistantToolNames = [
  'get_metrics',
  'get_top_content',
  'get_audience',
  'get_spikes',
  'get_milestone_forecast',
  'get_campaign_roi',
  'get_data_freshness',
  'get_revenue',
  'get_songs',
  'get_song',
  'get_posting_patterns',
  'get_tour_cities',
  'explain_metric',
] as const;
export type AssistantToolName = (typeof assistantToolNames)[number];

export type AssistantTools = Record<AssistantToolName, AssistantTool>;

/** A tool whose input is parsed with its own schema before `run` sees it. */
export function defineTool<S extends z.ZodObject>(
  name: AssistantToolName,
  description: string,
  inputSchema: S,
  run: (input: z.output<S>) => Promise<{ output: ToolOutput; source: ChatSource }>,
): AssistantTool {
  return { name, description, inputSchema, run: (input) => run(inputSchema.parse(input ?? {})) };
}
