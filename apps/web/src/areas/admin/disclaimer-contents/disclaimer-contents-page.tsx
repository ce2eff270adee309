import { useTranslation } from 'react-i18next';
import { DisclaimerTextsSection } from './disclaimer-texts-section';
import { FooterLinksSection } from './footer-links-section';

/**
 * /admin/disclaimer-contents (domain.md): the disclaimer texts by type with their drafts, publishing and
 * history, beside the footer links.
 */
export function DisclaimerContentsPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('admin.disclaimerContents.title')}</h1>
      <DisclaimerTextsSection />
      <FooterLinksSection />
    </section>
  );
}
