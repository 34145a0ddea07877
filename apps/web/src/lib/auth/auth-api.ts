import type {
  CompleteRegistrationResponse,
  MeResponse,
  RegisterUserResponse,
} from '@crescendo/contracts';
import { apiClient } from '../api-client';
import { apiPaths } from '@/config/api-paths';

export async function fetchCurrentUser(): Promise<MeResponse> {
  const response = await apiClient.get<MeResponse>(apiPaths.me);
  return response.data;
}

export async function logoutFromApi(): Promise<void> {
  await apiClient.post('/auth/logout');
}

export async function registerUser(input: {
  email: string;
  clerk_user_id: string;
}): Promise<RegisterUserResponse> {
  const response = await apiClient.post<RegisterUserResponse>('/v1/auth/register-user', input);
  return response.data;
}

export async function completeRegistration(input: {
  name?: string;
}): Promise<CompleteRegistrationResponse> {
  const response = await apiClient.post<CompleteRegistrationResponse>(
    '/v1/auth/complete-registration-with-validation',
    input,
  );
  return response.data;
}

export const currentUserQueryKey = (identityUserId: string | null) =>
  ['auth', 'me', identityUserId] as const;
