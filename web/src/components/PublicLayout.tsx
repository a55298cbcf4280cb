import { Outlet } from '@tanstack/react-router';

/** The frame of the pages reached without a session: sign-up, sign-in, the landing pages of links. */
export function PublicLayout() {
  return (
    <>
      <header className="app-header">
        <span className="brand">Sentinel</span>
      </header>
      <main className="narrow">
        <Outlet />
      </main>
    </>
  );
}
