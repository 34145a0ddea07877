import { describe, expect, it } from 'vitest';
import { detectSpikes, type DailyValue } from './spikes';

function series(values: (number | null)[]): DailyValue[] {
  const start = Date.UTC(2025, 0, 1);
  return values.map((value, index) => ({
    day: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    value,
  }));
}

describe('detectSpikes', () => {
  it('finds a day far above a steady baseline', () => {
    const values = Array.from({ length: 40 }, (_, index) => 1000 + (index % 5) * 20);
    values[35] = 6000;
    const spikes = detectSpikes(series(values));
    expect(spikes.map((spike) => spike.day)).toEqual(['2025-02-05']);
    expect(spikes[0]).toMatchObject({ value: 6000, baseline: 1040 });
  });

  it('ignores ordinary noise and slow growth', () => {
    const values = Array.from(
      { length: 90 },
      (_, index) => 1000 + index * 15 + ((index * 7919) % 97) - 48,
    );
    expect(detectSpikes(series(values))).toEqual([]);
  });

  it('stays robust when earlier spikes sit in the baseline window', () => {
    const values = Array.from({ length: 60 }, () => 500);
    values[30] = 9000;
    values[40] = 9000;
    values[50] = 4000;
    const days = detectSpikes(series(values)).map((spike) => spike.day);
    expect(days).toEqual(['2025-01-31', '2025-02-10', '2025-02-20']);
  });

  it('needs enough history and never treats unknown days as zero', () => {
    const short = series([100, 100, 100, 5000]);
    expect(detectSpikes(short)).toEqual([]);
    const values: (number | null)[] = Array.from({ length: 30 }, () => 200);
    for (let index = 5; index < 25; index += 1) values[index] = null;
    values[29] = 2000;
    // Only 9 known days precede the jump: not enough to judge.
    expect(detectSpikes(series(values))).toEqual([]);
  });

  it('does not flag tiny absolute jumps on tiny series', () => {
    const values = Array.from({ length: 30 }, () => 3);
    values[29] = 30;
    expect(detectSpikes(series(values))).toEqual([]);
  });

  it('finds a notable drop as well as a spike, each with its direction', () => {
    const values = Array.from({ length: 60 }, (_, index) => 1000 + (index % 5) * 20);
    values[35] = 6000;
    values[50] = 300;
    const found = detectSpikes(series(values));
    expect(found.map(({ day, direction }) => ({ day, direction }))).toEqual([
      { day: '2025-02-05', direction: 'up' },
      { day: '2025-02-20', direction: 'down' },
    ]);
    expect(found[1]).toMatchObject({ value: 300, baseline: 1040 });
  });

  it('does not call an ordinary dip a drop', () => {
    const values = Array.from({ length: 40 }, (_, index) => 1000 + (index % 5) * 20);
    values[35] = 700;
    expect(detectSpikes(series(values))).toEqual([]);
  });
});
