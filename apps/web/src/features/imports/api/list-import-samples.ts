import type { ImportSamplesResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { importsKey } from './import-keys';

/** Sample statements for the demo persona (sandbox mode only). */
export async function listImportSamples(): Promise<ImportSamplesResponse> {
  return (await apiClient.get<ImportSamplesResponse>('/v1/imports/samples')).data;
}

export const importSamplesQueryOptions = () =>
  queryOptions({ queryKey: [...importsKey, 'samples'], queryFn: listImportSamples });

export function useImportSamples({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...importSamplesQueryOptions(), enabled: isEnabled });
}
