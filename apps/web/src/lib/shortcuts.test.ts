import { describe, expect, it } from 'vitest';
import { isTypingTarget, matchShortcut } from './shortcuts';

const key = (
  init: Partial<KeyboardEvent> & { key: string },
  target: EventTarget | null = document.body,
) =>
  ({
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    metaKey: false,
    target,
    ...init,
  }) as KeyboardEvent;

describe('matchShortcut', () => {
  it('maps the spec shortcuts', () => {
    expect(matchShortcut(key({ key: 'd', ctrlKey: true }))).toBe('go-dashboard');
    expect(matchShortcut(key({ key: 'y', ctrlKey: true }))).toBe('go-youtube');
    expect(matchShortcut(key({ key: 's', ctrlKey: true }))).toBe('go-settings');
    expect(matchShortcut(key({ key: 'h', ctrlKey: true }))).toBe('go-home');
    expect(matchShortcut(key({ key: 'T', ctrlKey: true, shiftKey: true }))).toBe('cycle-theme');
    expect(matchShortcut(key({ key: 'E', ctrlKey: true, shiftKey: true }))).toBe('click-export');
    expect(matchShortcut(key({ key: '/' }))).toBe('focus-search');
    expect(matchShortcut(key({ key: '?', shiftKey: true }))).toBe('open-help');
  });

  it('ignores other keys', () => {
    expect(matchShortcut(key({ key: 'd' }))).toBeNull();
    expect(matchShortcut(key({ key: 'x', ctrlKey: true }))).toBeNull();
    expect(matchShortcut(key({ key: 'd', ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('is ignored while typing', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      const element = document.createElement(tag);
      expect(isTypingTarget(element)).toBe(true);
      expect(matchShortcut(key({ key: 'd', ctrlKey: true }, element))).toBeNull();
      expect(matchShortcut(key({ key: '?' }, element))).toBeNull();
    }
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    expect(isTypingTarget(editable)).toBe(true);
  });
});
