import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change by asking again; an outage (5xx, unreachable) may.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
      staleTime: 10_000,
    },
  },
});
