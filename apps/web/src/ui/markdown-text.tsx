import Markdown, { type Components } from 'react-markdown';

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
const TAGS: readonly HeadingTag[] = ['h2', 'h3', 'h4', 'h5', 'h6'];

const shifted = (Tag: HeadingTag): Components['h1'] =>
  function ShiftedHeading({ node: _node, ...props }) {
    return <Tag {...props} />;
  };

// Links open in a new tab, which gets no handle back on this page.
const link: Components['a'] = ({ node: _node, ...props }) => (
  <a {...props} target="_blank" rel="noopener noreferrer" />
);

/**
 * Headings sit under the text's own title (a page's h1, a modal's or a panel's h2): # is one level below
 * it, and the levels below follow (axe heading-order).
 */
function componentsUnder(titleLevel: 1 | 2): Components {
  const at = (markdownLevel: number) =>
    shifted(TAGS[Math.min(markdownLevel + titleLevel - 2, TAGS.length - 1)] ?? 'h6');
  return { h1: at(1), h2: at(2), h3: at(3), h4: at(4), h5: at(5), h6: at(6), a: link };
}

const COMPONENTS = { 1: componentsUnder(1), 2: componentsUnder(2) } as const;

/**
 * A disclaimer's body (markdown) rendered safely: raw HTML in the text is skipped, never
 * rendered; react-markdown's default URL filter drops unsafe link targets (javascript:, data:); links open
 * in a new tab. The one markdown renderer of the SPA: the registration page, the admin preview and the
 * sign-in gate use it. It is a chunk of its own where it would otherwise enter the main bundle.
 */
export function MarkdownText({ markdown, titleLevel = 2 }: { markdown: string; titleLevel?: 1 | 2 }) {
  return (
    <Markdown skipHtml components={COMPONENTS[titleLevel]}>
      {markdown}
    </Markdown>
  );
}
