import type { ReactNode } from 'react';

/**
 * A disclaimer's markdown body as plain blocks: headings, paragraphs and lists, with bold, italics and code
 * inline. Everything ends up as React text, never as HTML, so an admin's text cannot inject markup; a link
 * shows as its text and its address.
 */
export type MarkdownBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

const BULLET = /^\s*[-*+]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;
const HEADING = /^(#{1,6})\s+(.*)$/;

/** Splits markdown into blocks at blank lines; lines inside a paragraph join with a space, as markdown does. */
export function parseMarkdown(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  const chunks = markdown.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  for (const chunk of chunks) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    let paragraph: string[] = [];
    const endParagraph = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      paragraph = [];
    };
    for (const line of lines) {
      const heading = HEADING.exec(line.trim());
      const marker = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : undefined;
      if (heading) {
        endParagraph();
        blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: (heading[2] ?? '').trim() });
      } else if (marker) {
        endParagraph();
        const ordered = marker === NUMBERED;
        const last = blocks.at(-1);
        const item = line.replace(marker, '').trim();
        if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
        else blocks.push({ kind: 'list', ordered, items: [item] });
      } else {
        const last = blocks.at(-1);
        // An indented line after a list item continues that item.
        if (paragraph.length === 0 && /^\s+/.test(line) && last?.kind === 'list' && last.items.length > 0) {
          last.items[last.items.length - 1] = `${last.items.at(-1) ?? ''} ${line.trim()}`;
        } else {
          paragraph.push(line.trim());
        }
      }
    }
    endParagraph();
  }
  return blocks;
}

// An underscore marks emphasis only at a word's edge: snake_case and first_last@example.com stay as they are.
const INLINE =
  /\*\*(.+?)\*\*|(?<!\w)__(.+?)__(?!\w)|\*(.+?)\*|(?<!\w)_(.+?)_(?!\w)|`(.+?)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Bold, italics, code and links of one line, as React nodes (text only). */
export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > index) nodes.push(text.slice(index, match.index));
    const [, bold, boldAlt, italic, italicAlt, code, linkText, href] = match;
    const key = match.index;
    if (bold ?? boldAlt) nodes.push(<strong key={key}>{bold ?? boldAlt}</strong>);
    else if (italic ?? italicAlt) nodes.push(<em key={key}>{italic ?? italicAlt}</em>);
    else if (code) nodes.push(<code key={key}>{code}</code>);
    else nodes.push(`${linkText ?? ''} (${href ?? ''})`);
    index = match.index + match[0].length;
  }
  if (index < text.length) nodes.push(text.slice(index));
  return nodes;
}

/** Headings sit under the disclaimer's own title: # is one level below it. */
function Heading({ level, children }: { level: number; children: ReactNode }) {
  const shifted = Math.min(level + 2, 6);
  if (shifted === 3) return <h3>{children}</h3>;
  if (shifted === 4) return <h4>{children}</h4>;
  if (shifted === 5) return <h5>{children}</h5>;
  return <h6>{children}</h6>;
}

/** A disclaimer's body (markdown), rendered safely. */
export function DisclaimerText({ markdown }: { markdown: string }) {
  return (
    <>
      {parseMarkdown(markdown).map((block, index) => {
        // The blocks never move: their position is their identity.
        const key = `${block.kind}-${index}`;
        if (block.kind === 'heading') {
          return (
            <Heading key={key} level={block.level}>
              {renderInline(block.text)}
            </Heading>
          );
        }
        if (block.kind === 'list') {
          const items = block.items.map((item, itemIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items of a fixed text never move.
            <li key={itemIndex}>{renderInline(item)}</li>
          ));
          return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
        }
        return <p key={key}>{renderInline(block.text)}</p>;
      })}
    </>
  );
}
