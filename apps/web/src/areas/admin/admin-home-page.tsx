import { useSessionUser } from '../../auth/auth-context';

export function AdminHomePage() {
  const user = useSessionUser();
  return (
    <section className="page-section">
      <h1>Administration</h1>
      <p>Welcome, {user?.name}.</p>
      <p>Users, gateways, tooltips, disclaimer contents and stored files.</p>
    </section>
  );
}
