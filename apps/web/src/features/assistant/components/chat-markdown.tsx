import { Fragment, type ReactNode } from 'react';

/** Unescapes `\*`-style escapes: platform titles arrive escaped so they stay plain text. */
function unescape(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()<>#+\-!|~.])/g, '$1');
}

/** Bold (`**…**`) inside a line; everything else is text (React escapes it: no raw HTML). */
function renderInline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /(?<!\\)\*\*(.+?)(?<!\\)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(unescape(text.slice(last, index)));
    parts.push(
      <strong key={index} className="font-semibold">
        {unescape(match[1]!)}
      </strong>,
    );
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(unescape(text.slice(last)));
  return parts;
}

type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'numbers'; items: string[] };

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const line of markdown.split('\n')) {
    const bullet = /^\s*[-*] (.*)$/.exec(line);
    const number = /^\s*\d+\. (.*)$/.exec(line);
    const last = blocks.at(-1);
    if (bullet) {
      if (last?.kind === 'bullets') last.items.push(bullet[1]!);
      else blocks.push({ kind: 'bullets', items: [bullet[1]!] });
    } else if (number) {
      if (last?.kind === 'numbers') last.items.push(number[1]!);
      else blocks.push({ kind: 'numbers', items: [number[1]!] });
    } else if (!line.trim()) {
      blocks.push({ kind: 'paragraph', lines: [] });
    } else if (last?.kind === 'paragraph') {
      last.lines.push(line);
    } else {
      blocks.push({ kind: 'paragraph', lines: [line] });
    }
  }
  return blocks.filter((block) => block.kind !== 'paragraph' || block.lines.length > 0);
}

/**
 * The small markdown the assistant writes (paragraphs, lists, bold), rendered as React elements:
 * no HTML string is ever parsed, so nothing in an answer can become markup.
 */
export function ChatMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="flex flex-col gap-2">
      {blocksOf(markdown).map((block, index) => {
        if (block.kind === 'bullets')
          return (
            <ul key={index} className="ml-4 list-disc space-y-1">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>{renderInline(item)}</li>
              ))}
            </ul>
          );
        if (block.kind === 'numbers')
          return (
            <ol key={index} className="ml-5 list-decimal space-y-1">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>{renderInline(item)}</li>
              ))}
            </ol>
          );
        return (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                {renderInline(line)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
