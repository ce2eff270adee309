import { createListQuery, stringifyListQuery } from '@portal/list-query';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../auth/auth-context';
import { useHttp } from '../../http/http-context';

interface ListAnswer {
  total: number;
  totalEstimated: boolean;
}

/** Applications a reviewer may pick up: legitimacy submitted or in review. */
const AWAITING_REVIEW = stringifyListQuery(
  createListQuery({
    limit: 1,
    where: { legitimacyStatus: { type: 'equal', value: ['SUBMITTED', 'IN_REVIEW'] } },
  }),
);

export function EmvoHomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const http = useHttp();
  const { data: awaiting } = useQuery({
    queryKey: ['organisations', AWAITING_REVIEW],
    queryFn: ({ signal }) => http<ListAnswer>('/api/organisations', { query: AWAITING_REVIEW, signal }),
  });
  return (
    <section className="page-section">
      <h1>{t('emvo.home.title')}</h1>
      <p>{t('areas.welcome', { name: user?.name })}</p>
      <p>{t('emvo.home.intro')}</p>
      {awaiting && (
        <p data-testid="awaiting-review">
          {awaiting.totalEstimated
            ? t('emvo.home.awaitingAbout', {
                count: awaiting.total,
                formatted: awaiting.total.toLocaleString('en-US'),
              })
            : t('emvo.home.awaiting', {
                count: awaiting.total,
                formatted: awaiting.total.toLocaleString('en-US'),
              })}
        </p>
      )}
    </section>
  );
}
