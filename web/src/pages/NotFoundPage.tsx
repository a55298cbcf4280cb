import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <main className="narrow">
      <h1>Page not found</h1>
      <p>
        <Link to="/">Go to the dashboard</Link>
      </p>
    </main>
  );
}
