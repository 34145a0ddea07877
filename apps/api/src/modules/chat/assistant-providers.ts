import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createBuiltInAnalyst } from './analyst/analyst-model';
import type { AssistantModel } from './assistant-pipeline';

export type AssistantConfig = {
  /** An OpenAI-compatible endpoint; null runs the built-in analyst. */
  llm: { baseUrl: string; apiKey: string; model: string } | null;
  maxSteps: number;
  timeoutMs: number;
  messagesPerMinute: number;
};

/**
 * The configured model: any OpenAI-compatible API (OpenAI, Ollama, vLLM, LM Studio, OpenRouter…)
 * when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set, the offline built-in analyst otherwise.
 */
export function createAssistantModel(
  config: AssistantConfig,
  options: { now: () => Date; fetch?: typeof fetch },
): AssistantModel {
  if (!config.llm) {
    return {
      model: createBuiltInAnalyst({ now: options.now }),
      // The analyst needs at most three rounds (window, tools, answer).
      maxSteps: Math.max(4, config.maxSteps),
      timeoutMs: config.timeoutMs,
      usesHistory: false,
    };
  }
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    model: provider.chatModel(config.llm.model),
    maxSteps: config.maxSteps,
    timeoutMs: config.timeoutMs,
    usesHistory: true,
  };
}
