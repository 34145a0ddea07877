import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { extractErrorMessage, normalizeError } from './api-error-message';

function axiosErrorWith(data: unknown, status = 500, message = 'Request failed') {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    message,
    'ERR_BAD_RESPONSE',
    config,
    {},
    {
      data,
      status,
      statusText: '',
      headers: {},
      config,
    },
  );
}

describe('extractErrorMessage (spec §8 order)', () => {
  it('prefers the response message', () => {
    expect(extractErrorMessage(axiosErrorWith({ message: 'From response', detail: 'd' }))).toBe(
      'From response',
    );
    expect(
      extractErrorMessage(axiosErrorWith({ error: { code: 'X', message: 'Wire message' } })),
    ).toBe('Wire message');
  });
  it('then the detail', () => {
    expect(extractErrorMessage(axiosErrorWith({ detail: 'The detail' }))).toBe('The detail');
  });
  it('then the error’s own message', () => {
    expect(extractErrorMessage(new Error('Own message'))).toBe('Own message');
  });
  it('then code with message', () => {
    expect(extractErrorMessage({ code: 'E_CODE', message: '' })).toBe(
      'E_CODE: An unexpected error occurred',
    );
  });
  it('else the default', () => {
    expect(extractErrorMessage(undefined)).toBe('An unexpected error occurred');
  });
});

describe('normalizeError', () => {
  it('with a response: SERVER_ERROR and the default message', () => {
    const error = normalizeError(axiosErrorWith(undefined, 502));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Server error occurred');
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.status).toBe(502);
  });
  it('keeps the wire code, message and field details', () => {
    const error = normalizeError(
      axiosErrorWith(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields',
            details: { fields: [{ field: 'artistName', message: 'Artist name is required' }] },
          },
        },
        400,
      ),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Check the fields');
    expect(error.fieldErrors).toEqual({ artistName: 'Artist name is required' });
  });
  it('with no response: NETWORK_ERROR', () => {
    const config = { headers: new AxiosHeaders() };
    const error = normalizeError(new AxiosError('Network Error', 'ERR_NETWORK', config, {}));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe('Network error - please check your connection');
    expect(error.status).toBeUndefined();
  });
  it('otherwise: UNKNOWN_ERROR', () => {
    const error = normalizeError(new Error('Boom'));
    expect(error.code).toBe('UNKNOWN_ERROR');
    expect(error.message).toBe('Boom');
  });
});
