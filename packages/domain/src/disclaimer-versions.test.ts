import { describe, expect, it } from 'vitest';
import {
  acceptanceRefusal,
  draftOnlyRefusal,
  newDraftOf,
  publishDiffs,
  publishRefusal,
} from './disclaimer-versions.js';

const draft = { type: 'REGISTRATION', versionNumber: 3, status: 'DRAFT' as const, body: 'Terms' };

describe('disclaimer versions', () => {
  it('numbers a new draft after the type’s last version, one draft per type', () => {
    expect(newDraftOf('REGISTRATION', [])).toEqual({ versionNumber: 1 });
    const history = [
      { status: 'ARCHIVED' as const, versionNumber: 1 },
      { status: 'PUBLISHED' as const, versionNumber: 2 },
    ];
    expect(newDraftOf('REGISTRATION', history)).toEqual({ versionNumber: 3 });
    expect(newDraftOf('REGISTRATION', [...history, { status: 'DRAFT', versionNumber: 3 }])).toMatchObject({
      refusal: { status: 409, code: 'DISCLAIMER_DRAFT_EXISTS' },
    });
  });

  it('changes and publishes drafts only', () => {
    expect(draftOnlyRefusal(draft)).toBeUndefined();
    expect(draftOnlyRefusal({ status: 'PUBLISHED' })).toMatchObject({ code: 'DISCLAIMER_NOT_DRAFT' });
    expect(publishRefusal(draft)).toBeUndefined();
    expect(publishRefusal({ ...draft, status: 'ARCHIVED' })).toMatchObject({ status: 409 });
  });

  it('publishes a PA_TICKBOX text only with its two statements', () => {
    const tickBoxes = { ...draft, type: 'PA_TICKBOX' };
    expect(publishRefusal(tickBoxes)).toMatchObject({ status: 400, code: 'DISCLAIMER_TICKBOXES_INVALID' });
    expect(publishRefusal({ ...tickBoxes, body: 'One.\n\nTwo.' })).toBeUndefined();
  });

  it('audits the archive of the published version and the publish', () => {
    expect(publishDiffs(draft, { versionNumber: 2 })).toEqual({
      archive: { status: { from: 'PUBLISHED', to: 'ARCHIVED' }, supersededBy: 3 },
      publish: {
        type: 'REGISTRATION',
        versionNumber: 3,
        status: { from: 'DRAFT', to: 'PUBLISHED' },
        archived: 2,
      },
    });
    expect(publishDiffs(draft, undefined).publish.archived).toBeNull();
  });

  it('accepts the published version only', () => {
    expect(acceptanceRefusal('LOGIN', undefined, 1)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(acceptanceRefusal('LOGIN', { versionNumber: 2 }, 1)).toMatchObject({
      status: 409,
      code: 'DISCLAIMER_OUTDATED',
    });
    expect(acceptanceRefusal('LOGIN', { versionNumber: 2 }, 2)).toBeUndefined();
  });
});
