import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/query-client';
import { router } from './router';
import { restoreSession } from './session/begin-session';
import './styles.css';

// The pages decide where to go by whether someone is signed in: they render once the
// session the refresh cookie stands for is restored (or known not to be).
void restoreSession().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
