import { describe, expect, it } from 'vitest';
import { buildConnection } from '../testing/connection-factory';
import {
  describeStatus,
  describeSyncStep,
  getPollInterval,
  isSyncInProgress,
  PAUSED_POLL_INTERVAL_MS,
  SYNC_POLL_INTERVAL_MS,
} from './connection-status';

const queued = buildConnection({ sync: { step: 'queued', percent: 0, error: null } });
const running = buildConnection({
  status: 'syncing',
  sync: { step: 'Listing videos', percent: 5, error: null },
});
const paused = buildConnection({
  status: 'syncing',
  sync: {
    step: 'Paused: YouTube quota reached, resumes 2025-03-11T08:00:00.000Z',
    percent: 40,
    error: null,
  },
});
const done = buildConnection();

describe('connection status', () => {
  it('counts a queued step on a healthy connection as a sync in progress', () => {
    expect(isSyncInProgress(queued)).toBe(true);
    expect(isSyncInProgress(running)).toBe(true);
    expect(isSyncInProgress(done)).toBe(false);
    expect(
      isSyncInProgress(
        buildConnection({ status: 'error', sync: { step: null, percent: 10, error: 'x' } }),
      ),
    ).toBe(false);
  });

  it('polls fast while a sync moves, slowly when all are paused, and not at all otherwise', () => {
    expect(getPollInterval(undefined)).toBe(false);
    expect(getPollInterval([done])).toBe(false);
    expect(getPollInterval([done, queued])).toBe(SYNC_POLL_INTERVAL_MS);
    expect(getPollInterval([paused, running])).toBe(SYNC_POLL_INTERVAL_MS);
    expect(getPollInterval([paused])).toBe(PAUSED_POLL_INTERVAL_MS);
  });

  it('labels each status', () => {
    expect(describeStatus(done)).toEqual({ label: 'Connected', tone: 'success' });
    expect(describeStatus(queued).label).toBe('Syncing');
    expect(describeStatus(running).label).toBe('Syncing');
    expect(describeStatus(paused).label).toBe('Paused');
    expect(describeStatus(buildConnection({ status: 'reconnect_needed' })).label).toBe(
      'Reconnect needed',
    );
    expect(describeStatus(buildConnection({ status: 'error' })).tone).toBe('danger');
  });

  it('turns sync steps into words', () => {
    expect(describeSyncStep('queued')).toMatch(/^Queued/);
    expect(describeSyncStep('Audience')).toBe('Reading your audience');
    expect(describeSyncStep('Daily metrics through 2025-03-07')).toMatch(
      /^Daily stats through (7 Mar 2025|Mar 7, 2025)$/,
    );
    expect(describeSyncStep(paused.sync.step)).toMatch(/^Paused: YouTube daily limit reached/);
    expect(describeSyncStep('Listing videos')).toBe('Listing videos');
  });
});
