import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import type { RateLimitStore } from '../../lib/rate-limit-store';
import { createAssistantModel } from './assistant-providers';
import type { ChatDependencies } from './chat.service';

/** The assistant's model, limiter and logging, from configuration. */
export function createChatDependencies(options: {
  db: Database;
  config: Config['assistant'];
  log: FastifyBaseLogger;
  /** The API's shared counters, so the per-minute limit holds across processes. */
  rateLimitStore: RateLimitStore;
  now?: () => Date;
  fetch?: typeof fetch;
  /** A model to use instead of the configured one (tests use the AI SDK's mock models). */
  model?: LanguageModelV3;
}): ChatDependencies {
  const configured = createAssistantModel(options.config, {
    now: options.now ?? (() => new Date()),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    db: options.db,
    ...(options.now ? { now: options.now } : {}),
    assistant: options.model
      ? {
          ...configured,
          model: options.model,
          maxSteps: options.config.maxSteps,
          usesHistory: true,
        }
      : configured,
    limiter: {
      store: options.rateLimitStore,
      limit: options.config.messagesPerMinute,
      windowMs: 60_000,
    },
    // Only the failure's kind and message: a provider error's request (and its key) stays out.
    logFailure: (failure) => {
      // Some providers echo the key in their error message.
      const key = options.config.llm?.apiKey;
      const message = key ? failure.message.split(key).join('[REDACTED]') : failure.message;
      options.log.warn({ assistantFailure: { ...failure, message } }, 'assistant failed');
    },
  };
}
