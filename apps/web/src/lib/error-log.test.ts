import { describe, expect, it, vi } from 'vitest';
import { createErrorLog, isConnectionErrorMessage } from './error-log';

describe('error log', () => {
  it('keeps at most 10 entries, newest first', () => {
    const log = createErrorLog();
    for (let index = 0; index < 12; index += 1) log.record(new Error(`e${index}`), 'Test');
    expect(log.getAll()).toHaveLength(10);
    expect(log.getAll()[0]?.error.message).toBe('e11');
  });

  it('records id, error, timestamp, component, recovered and retryCount', () => {
    const log = createErrorLog(() => 1000);
    const entry = log.record('boom', 'Widget');
    expect(entry).toMatchObject({
      timestamp: 1000,
      component: 'Widget',
      recovered: false,
      retryCount: 0,
    });
    expect(entry.error).toBeInstanceOf(Error);
    expect(log.record('boom', 'Widget').retryCount).toBe(1);
    log.markRecovered(entry.id);
    expect(log.getAll().find((e) => e.id === entry.id)?.recovered).toBe(true);
  });

  it('treats errors within 5 s as recent', () => {
    let now = 0;
    const log = createErrorLog(() => now);
    log.record(new Error('old'));
    now = 5_001;
    log.record(new Error('new'));
    expect(log.getRecent().map((entry) => entry.error.message)).toEqual(['new']);
  });

  it('notifies listeners so Network/Server errors can raise Connection Error', () => {
    const log = createErrorLog();
    const listener = vi.fn();
    log.subscribe(listener);
    log.record(new Error('Server error occurred'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(isConnectionErrorMessage('Server error occurred')).toBe(true);
    expect(isConnectionErrorMessage('Network error - please check your connection')).toBe(true);
    expect(isConnectionErrorMessage('Validation failed')).toBe(false);
  });
});
