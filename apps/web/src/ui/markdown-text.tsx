import Markdown, { type Components } from 'react-markdown';

/**
 * Headings sit under the text's own title (a modal's, a panel's, the form's legend): # is one level below
 * it, h3, and the levels below follow.
 */
const shifted = (Tag: 'h3' | 'h4' | 'h5' | 'h6'): Components['h1'] =>
  function ShiftedHeading({ node: _node, ...props }) {
    return <Tag {...props} />;
  };

const COMPONENTS: Components = {
  h1: shifted('h3'),
  h2: shifted('h4'),
  h3: shifted('h5'),
  h4: shifted('h6'),
  h5: shifted('h6'),
  h6: shifted('h6'),
  // issue 13: links open in a new tab, which gets no handle back on this page.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * A disclaimer's body (markdown) rendered safely (issue 13): raw HTML in the text is skipped, never
 * rendered; react-markdown's default URL filter drops unsafe link targets (javascript:, data:); links open
 * in a new tab. The one markdown renderer of the SPA: the registration page, the admin preview and the
 * sign-in gate use it. It is a chunk of its own where it would otherwise enter the main bundle.
 */
export function MarkdownText({ markdown }: { markdown: string }) {
  return (
    <Markdown skipHtml components={COMPONENTS}>
      {markdown}
    </Markdown>
  );
}
