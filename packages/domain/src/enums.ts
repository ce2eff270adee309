/** The roles of spec §3; the token's roles claim names them EmvoPortalAdmin, EmvoPortalInternal, EmvoPortalExternal. */
export const ROLES = ['ADMIN', 'EMVO', 'EXTERNAL'] as const;
export type Role = (typeof ROLES)[number];

/** domain.md: the stages of an onboarding application. */
export const STAGES = [
  'REGISTERED',
  'INFORMATION',
  'APPROVALS',
  'TECHNICAL_IQE',
  'TECHNICAL_PRD',
  'MAINTENANCE',
  'SUSPENDED',
  'WITHDRAWN',
] as const;
export type Stage = (typeof STAGES)[number];

export const ORG_TYPES = ['OPM', 'PD'] as const;
export type OrgType = (typeof ORG_TYPES)[number];
export const CHECK_TYPES = ['LEGITIMACY', 'CONTRACTUAL', 'FINANCIAL'] as const;
export const CHECK_STATUSES = [
  'NOT_SUBMITTED',
  'SUBMITTED',
  'IN_REVIEW',
  'CORRECTIONS_REQUESTED',
  'APPROVED',
  'TEMPORARILY_APPROVED',
  'REJECTED',
] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const GATEWAY_TYPES = ['EMVO_GATEWAY', 'PROVIDER', 'OWN_CONNECTION'] as const;
export type GatewayType = (typeof GATEWAY_TYPES)[number];
export const GATEWAY_ENVIRONMENTS = ['IQE', 'PRD'] as const;
export type GatewayEnvironment = (typeof GATEWAY_ENVIRONMENTS)[number];

/**
 * domain.md: what a stored file is for. Each purpose has its own container, extensions and size limit
 * (packages/domain files.ts). DOCUMENT is a file an administrator keeps in storage for no record in particular.
 */
export const FILE_PURPOSES = [
  'COPY_OF_PROOF',
  'AGREEMENT_TEMPLATE',
  'SIGNED_AGREEMENT',
  'INVOICING_FORM',
  'CSR',
  'DOCUMENT',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
