import { useSessionUser } from '../../auth/auth-context';

export function EmvoHomePage() {
  const user = useSessionUser();
  return (
    <section className="page-section">
      <h1>Reviewer area</h1>
      <p>Welcome, {user?.name}.</p>
      <p>Legitimacy, contractual and financial checks, session tokens and test metrics.</p>
    </section>
  );
}
