import { describe, expect, it } from 'vitest';
import {
  audienceDimensions,
  dashboardAudienceDimensionSchema,
  dashboardQuerySchema,
  rangeQuerySchema,
} from './analytics';
import { rangePresets } from './range-presets';
import { contentQuerySchema } from './analytics-breakdowns';
import { channelDataResponseSchema, contentListQuerySchema } from './connections';

describe('the range query, composed once', () => {
  it.each([
    ['rangeQuerySchema', rangeQuerySchema],
    ['dashboardQuerySchema', dashboardQuerySchema],
    ['contentQuerySchema', contentQuerySchema],
  ] as const)('%s refuses a preset together with dates, on the range field', (_name, schema) => {
    const result = schema.safeParse({ range: '28d', from: '2025-01-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['range'],
      message: 'Use either range or from/to, not both',
    });
  });

  it.each([rangeQuerySchema, dashboardQuerySchema, contentQuerySchema])(
    'accepts every preset and the same preset message',
    (schema) => {
      for (const range of rangePresets) expect(schema.safeParse({ range }).success).toBe(true);
      expect(schema.safeParse({ range: '14d' }).error?.issues[0]?.message).toBe(
        'Must be one of 7d, 28d, 90d, 365d, all',
      );
    },
  );

  it('rejects a day that does not exist', () => {
    expect(rangeQuerySchema.safeParse({ from: '2025-02-30' }).success).toBe(false);
  });
});

describe('one audience dimension enum', () => {
  it('the dashboard lists every dimension but the age × gender cells, in the same order', () => {
    expect(dashboardAudienceDimensionSchema.options).toEqual(
      audienceDimensions.filter((dimension) => dimension !== 'age_gender'),
    );
    expect(
      channelDataResponseSchema.shape.channel.shape.audience.element.shape.dimension.options,
    ).toEqual(audienceDimensions);
  });
});

describe('one content query family', () => {
  it('both content lists page and search alike', () => {
    const common = { search: '  live ', page: '2', pageSize: '10', order: 'asc' };
    const dashboard = contentQuerySchema.parse(common);
    const connection = contentListQuerySchema.parse(common);
    for (const key of ['search', 'page', 'pageSize', 'order'] as const)
      expect(dashboard[key]).toEqual(connection[key]);
    expect(dashboard.search).toBe('live');
    expect(contentQuerySchema.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(contentListQuerySchema.safeParse({ pageSize: 101 }).success).toBe(false);
  });
});
