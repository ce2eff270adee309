import { describe, expect, it } from 'vitest';
import { simplePdf } from './pdf.js';

describe('simplePdf: the small real PDFs of the demo', () => {
  it('is a PDF whose cross-reference table points at each object', () => {
    const pdf = simplePdf(['Hello (world)', 'A second line \\ with a backslash']);
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    const xref = Number(pdf.match(/startxref\n(\d+)\n/)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
    });
    expect(pdf).toContain('(Hello \\(world\\)) Tj');
  });
});
