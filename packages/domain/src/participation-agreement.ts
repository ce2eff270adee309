import type { CheckStatus } from './enums.js';
import { iso } from './iso.js';
import { type MissingItem, requiredToSubmit } from './legitimacy.js';
import { canSubmit, type OrganisationProgress } from './stages.js';

/**
 * domain.md "Contractual": the company downloads the current agreement template, uploads it signed and
 * ticks both boxes; "A new template version asks every company to sign again". The API refuses a
 * submission that misses anything and names every missing item; the SPA shows the same list.
 */

/** domain.md ParticipationAgreement: "two required tick boxes". */
export const TICK_BOX_COUNT = 2;

/**
 * The two statements the company ticks, from the published PA_TICKBOX disclaimer's body: one statement
 * per paragraph (paragraphs are separated by a blank line). Null when the body does not hold exactly two,
 * so a text an administrator got wrong can never be ticked half.
 */
export function tickBoxStatements(body: string): [string, string] | null {
  const paragraphs = body
    .split(/\r?\n[ \t]*(?:\r?\n[ \t]*)+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  const [first, second] = paragraphs;
  return paragraphs.length === TICK_BOX_COUNT && first && second ? [first, second] : null;
}

export interface ContractualApplication {
  /** The template the company must sign (the highest published version); null before any is published. */
  currentTemplate: { version: number } | null;
  /** The statements of the two boxes; null when no PA_TICKBOX disclaimer with two statements is published. */
  tickBoxes: unknown;
  agreement: {
    /** The template version the signed file was signed on. */
    templateVersion: number;
    signedFile: unknown;
    acceptedTerms: boolean;
    confirmedAuthority: boolean;
  } | null;
}

/** Every item a contractual submission still lacks, in the form's order; empty when it is complete. */
export function missingForContractual(application: ContractualApplication): MissingItem[] {
  const missing: MissingItem[] = [];
  const { currentTemplate, agreement } = application;
  if (!currentTemplate) {
    missing.push({
      field: 'template',
      message: 'The participation agreement template is not published yet: EMVO will publish it',
    });
  }
  if (!agreement?.signedFile) {
    missing.push({ field: 'signedAgreement', message: 'The signed participation agreement (pdf)' });
  } else if (currentTemplate && agreement.templateVersion < currentTemplate.version) {
    missing.push({
      field: 'signedAgreement',
      message: `The participation agreement signed on template version ${currentTemplate.version} (yours is on version ${agreement.templateVersion})`,
    });
  }
  if (!application.tickBoxes) {
    missing.push({
      field: 'tickBoxes',
      message: 'The texts of the tick boxes are not published yet: EMVO will publish them',
    });
  } else {
    if (!agreement?.acceptedTerms) {
      missing.push({ field: 'acceptedTerms', message: 'The first tick box: accept the terms' });
    }
    if (!agreement?.confirmedAuthority) {
      missing.push({
        field: 'confirmedAuthority',
        message: 'The second tick box: confirm your authority to sign',
      });
    }
  }
  return missing;
}

/**
 * What a contractual submission requires of the company (its rule's items on an agreement not begun, the
 * template and the tick boxes' texts published: those two are EMVO's to give).
 */
export function contractualRequiredFields(): string[] {
  return requiredToSubmit(
    missingForContractual({ currentTemplate: { version: 1 }, tickBoxes: true, agreement: null }),
  );
}

/**
 * Why the company must sign again, or null: its agreement was signed on an older template than the current
 * one (domain.md "A new template version asks every company to sign again"). A rejected agreement is final
 * (packages/domain checks.ts), so it is never asked again.
 */
export function resignReason(input: {
  status: CheckStatus;
  currentTemplate: { version: number; publishedAt: Date } | null;
  agreement: { templateVersion: number; signedFile: unknown } | null;
}): string | null {
  const { status, currentTemplate, agreement } = input;
  if (status === 'REJECTED' || !currentTemplate || !agreement?.signedFile) return null;
  if (agreement.templateVersion >= currentTemplate.version) return null;
  const day = currentTemplate.publishedAt.toISOString().slice(0, 10);
  return `Version ${currentTemplate.version} of the participation agreement was published on ${day}; your agreement is signed on version ${agreement.templateVersion}. Download the new version, sign it, upload it and submit it again.`;
}

/** The company's agreement as stored (domain.md ParticipationAgreement), its signed file as the caller shows it. */
export interface AgreementRecord<File> {
  templateVersion: number;
  signedFile: File | null;
  acceptedTerms: boolean;
  confirmedAuthority: boolean;
  /** The PA_TICKBOX disclaimer version the boxes were ticked on. */
  tickBoxesDisclaimerId: string | null;
}

/**
 * The contractual step as the company sees it (contracts contractualStepSchema), from what is stored: the
 * step is edited exactly when it may be submitted, a box ticked on an older text of the statements no
 * longer counts, and a newer template asks for a new signature (`resignReason`).
 */
export function contractualStepOf<File>(input: {
  progress: OrganisationProgress;
  /** The highest published template version, its file and when it was published; null before any. */
  template: { version: number; file: File; publishedAt: Date | string } | null;
  /** The published PA_TICKBOX disclaimer, if any. */
  tickBoxes: { id: string; versionNumber: number; title: string; body: string } | null;
  agreement: AgreementRecord<File> | null;
}) {
  const { progress, template, agreement: row } = input;
  const texts = input.tickBoxes ? tickBoxStatements(input.tickBoxes.body) : null;
  const tickBoxes = input.tickBoxes && texts ? { ...input.tickBoxes, texts } : null;
  const ticked = (value: boolean) =>
    value && tickBoxes !== null && row?.tickBoxesDisclaimerId === tickBoxes.id;
  const agreement = row && {
    templateVersion: row.templateVersion,
    signedFile: row.signedFile,
    acceptedTerms: ticked(row.acceptedTerms),
    confirmedAuthority: ticked(row.confirmedAuthority),
  };
  const publishedAt = template && new Date(template.publishedAt);
  return {
    editable: canSubmit('CONTRACTUAL', progress),
    currentTemplate: template && {
      version: template.version,
      file: template.file,
      publishedAt: iso(template.publishedAt),
    },
    agreement,
    tickBoxes: tickBoxes && {
      disclaimerVersion: tickBoxes.versionNumber,
      title: tickBoxes.title,
      texts: tickBoxes.texts,
    },
    resignReason: resignReason({
      status: progress.contractualStatus,
      currentTemplate: template && publishedAt && { version: template.version, publishedAt },
      agreement,
    }),
  };
}
