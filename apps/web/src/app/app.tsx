import { useEffect, useState } from 'react';
import { externalHref } from './external-link';

/** spec §1: app version. */
const APP_VERSION = '1.1.3';

interface Environment {
  appName: string;
  envName: string;
  production: boolean;
}

interface FooterLink {
  id: string;
  label: string;
  link: string;
}

/**
 * The portal's first page until the app shell lands: it shows the configuration the API renders and the
 * footer-links list, proving the wiring between the SPA and the API.
 */
export function App() {
  const [environment, setEnvironment] = useState<Environment>();
  const [links, setLinks] = useState<FooterLink[]>([]);
  const [error, setError] = useState<string>();

  useEffect(() => {
    Promise.all([
      fetch('/environment/environment.json').then((response) => response.json() as Promise<Environment>),
      fetch('/links/footer-links').then((response) => response.json() as Promise<FooterLink[]>),
    ]).then(
      ([env, footerLinks]) => {
        setEnvironment(env);
        setLinks(footerLinks);
        document.title = env.appName;
      },
      () => setError('The portal could not load its configuration. Please try again later.'),
    );
  }, []);

  return (
    <div className="page">
      <main className="main">
        <h1>{environment?.appName ?? 'Onboarding Portal'}</h1>
        <p>
          Companies onboard to the medicines verification system here; EMVO reviewers check their
          applications; administrators manage the portal.
        </p>
        {error && <p role="alert">{error}</p>}
      </main>
      <footer className="footer">
        <span>
          {environment ? (environment.production ? environment.appName : environment.envName) : ''} · version{' '}
          {APP_VERSION}
        </span>
        <ul aria-label="Useful links">
          {links.map((link) => (
            <li key={link.id}>
              <a href={externalHref(link.link)} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </footer>
    </div>
  );
}
