// The dashboard's pages. The server answers these paths with index.html
// (services/platform/http/dashboard.ts, DASHBOARD_PATHS); test/dashboard.test.ts keeps the two lists equal.
import { createRootRoute, createRoute, createRouter, Outlet, parseSearchWith, redirect, stringifySearchWith } from '@tanstack/react-router';
import { AppLayout } from './components/AppLayout';
import { PublicLayout } from './components/PublicLayout';
import { parseFindingsSearch } from './findings/findings-search';
import { FindingsPage } from './pages/FindingsPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SignInCompletePage } from './pages/SignInCompletePage';
import { SignInPage } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';
import { VerifyEmailPage } from './pages/VerifyEmailPage';
import { isSignedIn } from './session/session-store';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundPage });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: isSignedIn() ? '/findings' : '/sign-in' });
  },
});

const publicRoute = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
const signInRoute = createRoute({ getParentRoute: () => publicRoute, path: 'sign-in', component: SignInPage });
const signUpRoute = createRoute({ getParentRoute: () => publicRoute, path: 'sign-up', component: SignUpPage });
const signInCompleteRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'sign-in/complete',
  validateSearch: (search: Record<string, unknown>) => ({ code: text(search.code), error: text(search.error) }),
  component: function SignInComplete() {
    return <SignInCompletePage {...signInCompleteRoute.useSearch()} />;
  },
});
const verifyEmailRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'verify-email',
  validateSearch: (search: Record<string, unknown>) => ({ token: text(search.token) }),
  component: function VerifyEmail() {
    return <VerifyEmailPage token={verifyEmailRoute.useSearch().token} />;
  },
});

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: () => {
    if (!isSignedIn()) throw redirect({ to: '/sign-in' });
  },
  component: AppLayout,
});
const findingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'findings',
  validateSearch: parseFindingsSearch,
  component: function Findings() {
    return <FindingsPage search={findingsRoute.useSearch()} />;
  },
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  publicRoute.addChildren([signInRoute, signUpRoute, signInCompleteRoute, verifyEmailRoute]),
  appRoute.addChildren([findingsRoute]),
]);

// Search values are plain text, as the API and the links that land here spell them: the
// router's default would read `?token=123` as a number and write strings in JSON quotes.
const plain = (value: string) => value;

export const router = createRouter({
  routeTree,
  parseSearch: parseSearchWith(plain),
  stringifySearch: stringifySearchWith(plain, plain),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
