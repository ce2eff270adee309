import { useSessionUser } from '../../auth/auth-context';

export function ExternalHomePage() {
  const user = useSessionUser();
  return (
    <section className="page-section">
      <h1>Onboarding</h1>
      <p>Welcome, {user?.name}.</p>
      <p>Your company's onboarding application.</p>
    </section>
  );
}
