import { Link, Navigate, Outlet } from '@tanstack/react-router';
import { useSignedIn } from '../session/hooks';
import { EmailVerificationBanner } from './EmailVerificationBanner';
import { OrganizationNotice } from './OrganizationNotice';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { SignOutButton } from './SignOutButton';

/** The frame of the signed-in pages; a session that ends (signed out, refresh refused) leads to sign-in. */
export function AppLayout() {
  const signedIn = useSignedIn();
  if (!signedIn) return <Navigate to="/sign-in" />;
  return (
    <>
      <header className="app-header">
        <Link to="/findings" className="brand">
          Sentinel
        </Link>
        <nav aria-label="Main">
          <Link to="/findings" search={{}} activeProps={{ 'aria-current': 'page' }}>
            Findings
          </Link>
        </nav>
        <OrganizationSwitcher />
        <SignOutButton />
      </header>
      <main>
        <OrganizationNotice />
        <EmailVerificationBanner />
        <Outlet />
      </main>
    </>
  );
}
