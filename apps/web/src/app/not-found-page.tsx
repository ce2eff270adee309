import { Link } from 'react-router';

/** spec §2: unknown routes show errors.notFound. */
export function NotFoundPage() {
  return (
    <section className="page-section">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <Link to="/">Back to the start page</Link>
    </section>
  );
}
