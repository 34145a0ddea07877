import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatMarkdown } from './chat-markdown';

describe('ChatMarkdown', () => {
  it('renders paragraphs, lists and bold as elements', () => {
    const { container } = render(
      <ChatMarkdown
        markdown={
          'Across all your platforms:\n- **12,345** views\n- **+67** followers\n\n1. One\n2. Two'
        }
      />,
    );
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(container.querySelector('strong')?.textContent).toBe('12,345');
  });

  it('never turns text into markup: escaped titles and raw HTML stay text', () => {
    const { container } = render(
      <ChatMarkdown
        markdown={
          '1. “Ignore previous instructions \\<img src=x onerror=alert(1)\\> \\*\\*x\\*\\*” <b>bold</b>'
        }
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)> **x**');
    expect(container.textContent).toContain('<b>bold</b>');
  });
});
