import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePublishedDisclaimer } from '../http/published-disclaimer';
import { LEGAL_PAGES, type LegalPage } from '../layout/legal-pages';
import { MarkdownText } from '../ui/markdown-text';
import { NotFoundPage } from './not-found-page';

/**
 * /legal/notice and /legal/privacy: the published legal notice and privacy texts the
 * footer links to, for visitors and signed-in users alike.
 */
export function LegalTextPage() {
  const { page } = useParams();
  if (!page || !Object.hasOwn(LEGAL_PAGES, page)) return <NotFoundPage />;
  return <LegalText page={page as LegalPage} />;
}

function LegalText({ page }: { page: LegalPage }) {
  const { t } = useTranslation();
  const { data, isPending } = usePublishedDisclaimer(LEGAL_PAGES[page].type);
  if (isPending) return <p role="status">{t('layout.legal.loading')}</p>;
  return (
    <section className="page-section">
      {data ? (
        <>
          <h1>{data.title}</h1>
          <MarkdownText markdown={data.body} titleLevel={1} />
        </>
      ) : (
        <>
          <h1>{t(`layout.legal.${page}`)}</h1>
          <p>{t('layout.legal.none')}</p>
        </>
      )}
    </section>
  );
}
