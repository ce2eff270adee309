import { useEffect, useState } from 'react';
import { useEnvironment } from '../config/environment-context';
import { externalHref } from './external-link';

/** spec §1: app version. */
export const APP_VERSION = '1.1.3';

interface FooterLink {
  id: string;
  label: string;
  link: string;
}

/** spec §2 footer: the environment name (the app name in production), the version and the footer-links list. */
export function Footer() {
  const environment = useEnvironment();
  const [links, setLinks] = useState<FooterLink[]>([]);
  useEffect(() => {
    fetch('/links/footer-links')
      .then((response) => (response.ok ? (response.json() as Promise<FooterLink[]>) : []))
      .then(setLinks, () => setLinks([]));
  }, []);
  return (
    <footer className="footer">
      <span>
        {environment.production ? environment.appName : environment.envName} · version {APP_VERSION}
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
  );
}
