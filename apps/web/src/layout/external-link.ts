/**
 * A link list's entry may omit the scheme (spec §5: the url pattern's http(s) is optional); a browser
 * would read such an href as a path on this site, so it gets https://.
 */
export function externalHref(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}
