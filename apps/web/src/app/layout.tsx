import { Link, Outlet, useNavigation } from 'react-router';
import { Bounce, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { useAuth, useSessionUser } from '../auth/auth-context';
import { hasRole } from '../auth/session-user';
import { useEnvironment } from '../config/environment-context';
import { Footer } from '../layout/footer';

/** spec §2 layout: menu (only when connected), router outlet, footer; toasts per spec §9. */
export function Layout() {
  const auth = useAuth();
  const user = useSessionUser();
  const environment = useEnvironment();
  const navigation = useNavigation();
  return (
    <div className="page">
      {navigation.state !== 'idle' && <div className="loader-bar" role="progressbar" aria-label="Loading" />}
      <header className="top-bar">
        <Link to="/" className="brand">
          {environment.appName}
        </Link>
        {user && (
          <nav aria-label="Account" className="account">
            <span>{user.name}</span>
            <button type="button" onClick={() => void auth.logout()}>
              Log out
            </button>
          </nav>
        )}
      </header>
      <main className="main">
        <Outlet />
      </main>
      {/* spec §2: the footer shows to external users and visitors only. */}
      {(!user || hasRole(user, 'EXTERNAL')) && <Footer />}
      <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick transition={Bounce} />
    </div>
  );
}
