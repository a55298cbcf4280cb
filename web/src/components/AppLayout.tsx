import { Link, Navigate, Outlet } from '@tanstack/react-router';
import { useSignedIn } from '../session/hooks';
import { EmailVerificationBanner } from './EmailVerificationBanner';
import { OrganizationNotice } from './OrganizationNotice';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { SignOutButton } from './SignOutButton';
import { IdentitiesNavigation } from '../nhi/IdentitiesNavigation';

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
          <Link to="/assets" search={{}} activeProps={{ 'aria-current': 'page' }}>
            Assets
          </Link>
          <Link to="/scans" search={{}} activeProps={{ 'aria-current': 'page' }}>
            Scans
          </Link>
          <Link to="/policies" activeProps={{ 'aria-current': 'page' }}>
            Policies
          </Link>
          <Link to="/analytics" search={{}} activeProps={{ 'aria-current': 'page' }}>
            Analytics
          </Link>
          <Link to="/webhooks" activeProps={{ 'aria-current': 'page' }}>
            Webhooks
          </Link>
          <Link to="/settings" activeProps={{ 'aria-current': 'page' }}>
            Settings
          </Link>
        </nav>
        <IdentitiesNavigation />
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
