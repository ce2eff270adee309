import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown-text';

const html = (markdown: string) => render(<MarkdownText markdown={markdown} />).container;

describe('MarkdownText: a disclaimer body rendered safely', () => {
  it('renders paragraphs, bold, italics, code and lists', () => {
    const container = html('**Bold**, *italic*, _also_, `code`.\n\n- a\n- b\n\n1. one\n2. two');
    expect(container.querySelector('p')?.innerHTML).toBe(
      '<strong>Bold</strong>, <em>italic</em>, <em>also</em>, <code>code</code>.',
    );
    expect([...container.querySelectorAll('ul li')].map((item) => item.textContent)).toEqual(['a', 'b']);
    expect([...container.querySelectorAll('ol li')].map((item) => item.textContent)).toEqual(['one', 'two']);
  });

  it('leaves snake_case and addresses alone', () => {
    const container = html('Write to first_last@example.com about file_name.');
    expect(container.textContent).toBe('Write to first_last@example.com about file_name.');
    expect(container.querySelector('em')).toBeNull();
  });

  it('never renders raw HTML: it is skipped', () => {
    const container = html(
      'Text <img src=x onerror="alert(1)"> and <b>bold</b>.\n\n<script>alert(2)</script>\n\n<div onclick="x()">block</div>',
    );
    expect(container.querySelector('img, script, b, div')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.textContent).toContain('Text');
  });

  it('opens links in a new tab that gets no handle on the portal', () => {
    const link = html('Read [the policy](https://example.com/p).').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/p');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.textContent).toBe('the policy');
  });

  it('drops a script link target', () => {
    const link = html('[click](javascript:alert(1))').querySelector('a');
    expect(link?.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('puts headings below the title: # is h3', () => {
    const container = html('# A\n\n## B\n\n###### F');
    expect([...container.querySelectorAll('h3, h4, h6')].map((heading) => heading.tagName)).toEqual([
      'H3',
      'H4',
      'H6',
    ]);
    expect(container.querySelector('h1, h2')).toBeNull();
  });
});
