import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import { reachability } from './connectivity';

const observedAdapter = Symbol('observed adapter');
type ObservedAdapter = AxiosAdapter & { [observedAdapter]?: true };

/**
 * Watches every attempt the API client makes, retries included, so a lost server is noticed on
 * its first failed request instead of after the client's and the query's retries (~35 s). It
 * wraps the transport, not the retry logic: the client behaves exactly as before.
 */
export function watchReachability(client: AxiosInstance): void {
  client.interceptors.request.use((config) => {
    const current = (config.adapter ?? client.defaults.adapter) as ObservedAdapter | undefined;
    if (current && typeof current === 'function' && current[observedAdapter]) return config;
    const send = axios.getAdapter(config.adapter ?? client.defaults.adapter);
    const observed: ObservedAdapter = async (attempt) => {
      try {
        const response = await send(attempt);
        reachability.reportAnswer();
        return response;
      } catch (error) {
        if (axios.isAxiosError(error) && error.response) reachability.reportAnswer();
        else if (!axios.isCancel(error)) void reachability.reportNoAnswer();
        throw error;
      }
    };
    observed[observedAdapter] = true;
    config.adapter = observed;
    return config;
  });
}
