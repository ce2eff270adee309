import { csvCell, csvLine } from '@portal/contracts';
import { describe, expect, it } from 'vitest';

describe('csvCell: RFC 4180 quoting and the formula guard', () => {
  it.each([
    ['plain text', 'plain text'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+31 20 123', "'+31 20 123"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTabbed', "'\tTabbed"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['a=b', 'a=b'],
    // A `;`-separated locale splits on semicolons: such a cell is quoted, and a formula after either
    // separator is guarded as one at the start is.
    ['Beta;Gamma', '"Beta;Gamma"'],
    ["Beta;=cmd|' /C calc'!A0", `"Beta;'=cmd|' /C calc'!A0"`],
    ['Beta,=cmd', `"Beta,'=cmd"`],
    ['Beta; @SUM(A1)', '"Beta; @SUM(A1)"'],
    ['Beta;+1;-2', `"Beta;'+1;'-2"`],
    ['=a;=b', `"'=a;'=b"`],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as they are and null as an empty cell', () => {
    expect(csvCell(80)).toBe('80');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', null, 3])).toBe('a,,3\r\n');
  });
});
