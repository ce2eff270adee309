import { type ActivityEvent, type ActivityLink, companyPagePath } from '@portal/contracts';
import { hasRole, type SessionUser } from '../auth/session-user';

/**
 * Whether the signed-in user may open a page a line leads to: the administrators' screens are theirs, the
 * reviewers' screens the reviewers', the company page both's (contracts companiesApi.page), a download
 * anyone's who reads the line. The router's guards say the same; a link the user cannot follow is none.
 */
function mayOpen(user: SessionUser | null, link: ActivityLink, companyPage: boolean): boolean {
  if (link.kind === 'file' || companyPage) return hasRole(user, 'EMVO') || hasRole(user, 'ADMIN');
  if (link.path.startsWith('/admin/')) return hasRole(user, 'ADMIN');
  return hasRole(user, 'EMVO');
}

/**
 * Where a line leads for this user: its record's page when they may open it, else its company's page
 * (an administrator reads a check through its company), else nowhere; never the page it is shown on.
 */
export function activityLinkFor(
  user: SessionUser | null,
  event: Pick<ActivityEvent, 'obpNumber'>,
  link: ActivityLink | null,
  here?: string,
): ActivityLink | null {
  const company = event.obpNumber ? companyPagePath(event.obpNumber) : null;
  const candidates: ActivityLink[] = [];
  if (link) candidates.push(link);
  if (company && link?.path !== company) candidates.push({ kind: 'company', path: company });
  const found = candidates.find((one) => mayOpen(user, one, one.path === company));
  return found && found.path !== here ? found : null;
}
