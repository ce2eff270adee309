import type { DisclaimerType } from '@portal/contracts';
import { lazy, Suspense } from 'react';
import { usePublishedDisclaimer } from '../http/published-disclaimer';

// The markdown renderer (~30 kB gzip) loads with the first text to show, not with the sign-in page's code.
const MarkdownText = lazy(async () => ({ default: (await import('../ui/markdown-text')).MarkdownText }));

/**
 * A type's published text where the admin screen says it appears (issue 23 item 20): its title as a
 * heading of the given level and its markdown body; nothing while it loads or when none is published.
 */
export function PublishedText({ type, level = 2 }: { type: DisclaimerType; level?: 1 | 2 | 3 }) {
  const { data } = usePublishedDisclaimer(type);
  if (!data) return null;
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={`published-${type}`}>
      <Heading id={`published-${type}`}>{data.title}</Heading>
      <Suspense fallback={null}>
        <MarkdownText markdown={data.body} />
      </Suspense>
    </section>
  );
}
