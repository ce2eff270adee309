import { describe, expect, it } from 'vitest';
import {
  type ContractualApplication,
  contractualStepOf,
  missingForContractual,
  resignReason,
  tickBoxStatements,
} from './participation-agreement.js';

describe('the two tick boxes come from the published PA_TICKBOX body, one statement per paragraph', () => {
  it.each<[string, string, [string, string] | null]>([
    [
      'two paragraphs',
      'I accept the terms.\n\nI am authorised to sign.',
      ['I accept the terms.', 'I am authorised to sign.'],
    ],
    [
      'blank lines with spaces and CRLF',
      '  First.  \r\n \r\n\r\nSecond\nline two.\n',
      ['First.', 'Second\nline two.'],
    ],
    ['one paragraph: no boxes', 'I have read it and I am authorised to sign it.', null],
    ['three paragraphs: no boxes', 'One.\n\nTwo.\n\nThree.', null],
    ['an empty body: no boxes', '  \n\n ', null],
  ])('%s', (_case, body, expected) => {
    expect(tickBoxStatements(body)).toEqual(expected);
  });
});

const COMPLETE: ContractualApplication = {
  currentTemplate: { version: 2 },
  tickBoxes: ['I accept.', 'I may sign.'],
  agreement: { templateVersion: 2, signedFile: { id: 'f1' }, acceptedTerms: true, confirmedAuthority: true },
};
const fields = (application: ContractualApplication) =>
  missingForContractual(application).map((item) => item.field);

describe('a contractual submission names every missing item (domain.md "Contractual")', () => {
  it('a signed agreement on the current template with both boxes ticked misses nothing', () => {
    expect(missingForContractual(COMPLETE)).toEqual([]);
  });

  it.each<[string, Partial<ContractualApplication>, string[]]>([
    ['nothing given yet', { agreement: null }, ['signedAgreement', 'acceptedTerms', 'confirmedAuthority']],
    ['no template published', { currentTemplate: null }, ['template']],
    ['no tick box texts published', { tickBoxes: null }, ['tickBoxes']],
    [
      'the boxes unticked',
      {
        agreement: {
          ...COMPLETE.agreement,
          templateVersion: 2,
          signedFile: 'f',
          acceptedTerms: false,
          confirmedAuthority: false,
        },
      },
      ['acceptedTerms', 'confirmedAuthority'],
    ],
    [
      'an agreement signed on an older template',
      { agreement: { templateVersion: 1, signedFile: 'f', acceptedTerms: true, confirmedAuthority: true } },
      ['signedAgreement'],
    ],
  ])('%s', (_case, overrides, expected) => {
    expect(fields({ ...COMPLETE, ...overrides })).toEqual(expected);
  });

  it('says which version to sign when the signed one is older', () => {
    const [item] = missingForContractual({
      ...COMPLETE,
      agreement: { templateVersion: 1, signedFile: 'f', acceptedTerms: true, confirmedAuthority: true },
    });
    expect(item?.message).toContain('template version 2 (yours is on version 1)');
  });
});

describe('a new template version asks every company to sign again', () => {
  const current = { version: 3, publishedAt: new Date('2026-03-02T10:00:00Z') };
  it.each<[string, Parameters<typeof resignReason>[0], boolean]>([
    [
      'signed on an older version',
      {
        status: 'NOT_SUBMITTED',
        currentTemplate: current,
        agreement: { templateVersion: 2, signedFile: 'f' },
      },
      true,
    ],
    [
      'signed on the current version',
      { status: 'APPROVED', currentTemplate: current, agreement: { templateVersion: 3, signedFile: 'f' } },
      false,
    ],
    [
      'nothing signed yet',
      {
        status: 'NOT_SUBMITTED',
        currentTemplate: current,
        agreement: { templateVersion: 1, signedFile: null },
      },
      false,
    ],
    [
      'a rejected agreement is final',
      { status: 'REJECTED', currentTemplate: current, agreement: { templateVersion: 1, signedFile: 'f' } },
      false,
    ],
    [
      'no template at all',
      { status: 'NOT_SUBMITTED', currentTemplate: null, agreement: { templateVersion: 1, signedFile: 'f' } },
      false,
    ],
  ])('%s', (_case, input, asked) => {
    const reason = resignReason(input);
    expect(reason !== null).toBe(asked);
    if (reason)
      expect(reason).toContain('Version 3 of the participation agreement was published on 2026-03-02');
  });
});

describe('the contractual step as the company sees it', () => {
  const progress = {
    stage: 'APPROVALS' as const,
    legitimacyStatus: 'APPROVED' as const,
    contractualStatus: 'NOT_SUBMITTED' as const,
    financialStatus: 'NOT_SUBMITTED' as const,
  };
  const template = { version: 2, file: 'v2.pdf', publishedAt: new Date('2026-06-23T00:00:00Z') };
  const tickBoxes = { id: 'tb-2', versionNumber: 2, title: 'Agreement', body: 'I accept.\n\nI may sign.' };
  const agreement = {
    templateVersion: 1,
    signedFile: 'signed.pdf',
    acceptedTerms: true,
    confirmedAuthority: true,
    tickBoxesDisclaimerId: 'tb-1',
  };

  it('ticks given on an older text read false; a newer template asks for a new signature', () => {
    const step = contractualStepOf({ progress, template, tickBoxes, agreement });
    expect(step).toMatchObject({
      editable: true,
      currentTemplate: { version: 2, file: 'v2.pdf', publishedAt: '2026-06-23T00:00:00.000Z' },
      agreement: {
        templateVersion: 1,
        signedFile: 'signed.pdf',
        acceptedTerms: false,
        confirmedAuthority: false,
      },
      tickBoxes: { disclaimerVersion: 2, title: 'Agreement', texts: ['I accept.', 'I may sign.'] },
    });
    expect(step.resignReason).toMatch(
      /^Version 2 of the participation agreement was published on 2026-06-23/,
    );
  });

  it('ticks on the current text count; nothing published yet is null; in review it is read-only', () => {
    const current = { ...agreement, templateVersion: 2, tickBoxesDisclaimerId: 'tb-2' };
    expect(contractualStepOf({ progress, template, tickBoxes, agreement: current })).toMatchObject({
      agreement: { acceptedTerms: true, confirmedAuthority: true },
      resignReason: null,
    });
    const inReview = { ...progress, contractualStatus: 'IN_REVIEW' as const };
    expect(
      contractualStepOf({
        progress: inReview,
        template: null,
        tickBoxes: { ...tickBoxes, body: 'One.' },
        agreement: null,
      }),
    ).toEqual({
      editable: false,
      currentTemplate: null,
      agreement: null,
      tickBoxes: null,
      resignReason: null,
    });
  });
});
