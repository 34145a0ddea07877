// A turn of the built-in analyst: the question asked and the tool results that followed it.
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';

export type ToolCall = { id: string; toolName: string; input: Record<string, unknown> };
export type ToolRecord = ToolCall & { output: unknown; isError: boolean };
export type Step = { kind: 'tools'; calls: ToolCall[] } | { kind: 'text'; text: string };

/** The turn so far: the last user question and the tool results that followed it. */
export function readTurn(prompt: LanguageModelV3Prompt): {
  question: string;
  records: Map<string, ToolRecord>;
} {
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === 'user') lastUser = index;
  });
  const question =
    lastUser < 0
      ? ''
      : (prompt[lastUser]!.content as { type: string; text?: string }[])
          .map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
          .join(' ')
          .trim();
  const records = new Map<string, ToolRecord>();
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'tool-call') {
          records.set(part.toolCallId, {
            id: part.toolCallId,
            toolName: part.toolName,
            input: (part.input ?? {}) as Record<string, unknown>,
            output: null,
            isError: true,
          });
        }
      }
    }
    if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const record = records.get(part.toolCallId);
        if (!record) continue;
        record.isError = part.output.type !== 'json' && part.output.type !== 'text';
        record.output = part.output.type === 'json' ? part.output.value : null;
      }
    }
  }
  return { question, records };
}
