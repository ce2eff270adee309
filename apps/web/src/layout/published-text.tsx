import type { DisclaimerType } from '@portal/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { usePublishedDisclaimer } from '../http/published-disclaimer';

// The markdown renderer (~30 kB gzip) loads with the first text to show, not with the sign-in page's code.
const MarkdownText = lazy(async () => ({ default: (await import('../ui/markdown-text')).MarkdownText }));

/**
 * A type's published text where the admin screen says it appears: its title as a
 * heading of the given level and its markdown body; nothing when none is published. The
 * title, the body and `children` (what the page shows below the text) paint together, once the text is
 * read and its renderer loaded: painted before the text, they moved down when it came (layout shift).
 */
export function PublishedText({
  type,
  level = 2,
  children,
}: {
  type: DisclaimerType;
  level?: 1 | 2 | 3;
  children?: ReactNode;
}) {
  const { data, isPending } = usePublishedDisclaimer(type);
  if (isPending) return null;
  const Heading = `h${level}` as const;
  return (
    <Suspense fallback={null}>
      {data && (
        <section aria-labelledby={`published-${type}`}>
          <Heading id={`published-${type}`}>{data.title}</Heading>
          <MarkdownText markdown={data.body} />
        </section>
      )}
      {children}
    </Suspense>
  );
}
