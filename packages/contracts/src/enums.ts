// The domain's enums (packages/domain), re-exported for the callers that only need contracts.
export {
  CHECK_STATUSES,
  CHECK_TYPES,
  type CheckStatus,
  FILE_PURPOSES,
  type FilePurpose,
  GATEWAY_ENVIRONMENTS,
  GATEWAY_TYPES,
  type GatewayEnvironment,
  type GatewayType,
  ORG_TYPES,
  ROLES,
  type Role,
  STAGES,
  type Stage,
} from '@portal/domain';
