import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DisclaimerText, parseMarkdown } from './disclaimer-text';

describe('parseMarkdown: a disclaimer body as plain blocks', () => {
  it.each([
    ['blank lines part paragraphs', 'One.\n\nTwo.', [p('One.'), p('Two.')]],
    ['a single line break joins, as markdown does', 'One\nline.', [p('One line.')]],
    ['Windows line ends', 'One.\r\n\r\nTwo.', [p('One.'), p('Two.')]],
    ['headings, # being the highest', '# Terms\n## Data', [h(1, 'Terms'), h(2, 'Data')]],
    ['bullets (-, *, +) make one list', '- a\n* b\n+ c', [list(false, 'a', 'b', 'c')]],
    ['numbers make an ordered list', '1. a\n2) b', [list(true, 'a', 'b')]],
    ['an indented line continues its item', '- a\n  still a\n- b', [list(false, 'a still a', 'b')]],
    ['a paragraph then a list in one block', 'Intro:\n- a', [p('Intro:'), list(false, 'a')]],
    ['nothing but spaces: no block', '  \n\n ', []],
  ])('%s', (_rule, markdown, blocks) => {
    expect(parseMarkdown(markdown)).toEqual(blocks);
  });
});

describe('DisclaimerText', () => {
  it('renders bold, italics and code; a link as its text and address', () => {
    const { container } = render(
      <DisclaimerText
        markdown={'**Bold**, *italic*, _also_, `code` and [the policy](https://example.com/p).'}
      />,
    );
    expect(container.innerHTML).toBe(
      '<p><strong>Bold</strong>, <em>italic</em>, <em>also</em>, <code>code</code> and the policy (https://example.com/p).</p>',
    );
  });

  it('leaves snake_case and addresses alone', () => {
    const { container } = render(
      <DisclaimerText markdown="Write to first_last@example.com about file_name." />,
    );
    expect(container.textContent).toBe('Write to first_last@example.com about file_name.');
    expect(container.querySelector('em')).toBeNull();
  });

  it('never injects HTML: markup in the text stays text', () => {
    const { container } = render(
      <DisclaimerText
        markdown={'<img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n- <b>item</b>'}
      />,
    );
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container.textContent).toContain('<script>alert(2)</script>');
  });

  it('puts headings below the title: # is h3', () => {
    const { container } = render(<DisclaimerText markdown={'# A\n\n## B\n\n###### F'} />);
    expect([...container.querySelectorAll('h3, h4, h6')].map((heading) => heading.tagName)).toEqual([
      'H3',
      'H4',
      'H6',
    ]);
  });
});

function p(text: string) {
  return { kind: 'paragraph', text };
}

function h(level: number, text: string) {
  return { kind: 'heading', level, text };
}

function list(ordered: boolean, ...items: string[]) {
  return { kind: 'list', ordered, items };
}
