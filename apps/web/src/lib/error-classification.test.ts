import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { ChunkLoadError } from './chunk-errors';
import { classifyRouteError } from './error-classification';

describe('classifyRouteError', () => {
  it('network or fetch messages → Connection Problem', () => {
    expect(
      classifyRouteError(
        new ApiError('Network error - please check your connection', 'NETWORK_ERROR'),
      ),
    ).toBe('network');
    expect(classifyRouteError(new TypeError('Failed to fetch'))).toBe('network');
  });
  it('chunk-load → Update Required (even though it mentions fetch)', () => {
    expect(classifyRouteError(new ChunkLoadError())).toBe('chunk');
    expect(
      classifyRouteError(new TypeError('Failed to fetch dynamically imported module: /x.js')),
    ).toBe('chunk');
  });
  it('401 and 403 redirect', () => {
    expect(classifyRouteError(new ApiError('Sign in', 'UNAUTHENTICATED', 401))).toBe(
      'unauthorized',
    );
    expect(classifyRouteError(new ApiError('No', 'FORBIDDEN', 403))).toBe('forbidden');
    // A plan limit is explained on the page (with its upgrade), not sent to access-denied.
    expect(classifyRouteError(new ApiError('Upgrade to Starter', 'PLAN_LIMIT', 403))).toBe('page');
  });
  it('anything else → Page Error', () => {
    expect(classifyRouteError(new ApiError('Internal server error', 'INTERNAL', 500))).toBe('page');
    expect(classifyRouteError(new Error('undefined is not a function'))).toBe('page');
  });
});
