import { createListQuery, stringifyListQuery } from '@portal/list-query';
import { useEffect, useState } from 'react';
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
  const user = useSessionUser();
  const http = useHttp();
  const [awaiting, setAwaiting] = useState<ListAnswer>();
  useEffect(() => {
    const controller = new AbortController();
    http<ListAnswer>('/api/organisations', { query: AWAITING_REVIEW, signal: controller.signal }).then(
      setAwaiting,
      () => {},
    );
    return () => controller.abort();
  }, [http]);
  return (
    <section className="page-section">
      <h1>Reviewer area</h1>
      <p>Welcome, {user?.name}.</p>
      <p>Legitimacy, contractual and financial checks, session tokens and test metrics.</p>
      {awaiting && (
        <p data-testid="awaiting-review">
          {awaiting.totalEstimated ? 'About ' : ''}
          {awaiting.total.toLocaleString('en-US')} applications wait for a legitimacy review.
        </p>
      )}
    </section>
  );
}
