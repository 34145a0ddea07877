// How Google's APIs and OAuth endpoints say what went wrong, as the provider errors the sync handles.
import { z } from 'zod';
import {
  ProviderError,
  QuotaExceededError,
  ReconnectNeededError,
  type ErrorClassifier,
} from './platform-http';

const googleApiErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});
const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** Classifies Google API (Data, Analytics) error envelopes. */
export const classifyGoogleApiError: ErrorClassifier = (status, body) => {
  const parsed = googleApiErrorSchema.safeParse(body);
  const reason = parsed.success ? (parsed.data.error.errors?.[0]?.reason ?? null) : null;
  const message = parsed.success ? (parsed.data.error.message ?? '') : '';
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') {
    return new QuotaExceededError('YouTube API daily quota exceeded', status, reason);
  }
  if (status === 401) {
    return new ReconnectNeededError('Google no longer accepts this connection', status, reason);
  }
  return new ProviderError(
    `Google answered ${status}${message ? `: ${message}` : ''}`,
    status,
    reason,
  );
};

/** Classifies the OAuth token/revoke endpoints' `{error, error_description}` bodies. */
export const classifyGoogleOAuthError: ErrorClassifier = (status, body) => {
  const parsed = oauthErrorSchema.safeParse(body);
  const code = parsed.success ? parsed.data.error : null;
  const description = parsed.success ? (parsed.data.error_description ?? '') : '';
  if (code === 'invalid_grant') {
    return new ReconnectNeededError(
      `Google refused the grant: ${description || 'invalid_grant'}`,
      status,
      code,
    );
  }
  return new ProviderError(
    `Google's token endpoint answered ${status}${code ? ` ${code}` : ''}${description ? `: ${description}` : ''}`,
    status,
    code,
  );
};
