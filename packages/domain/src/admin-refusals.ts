/*
 * Why an administrator's write to the gateways or tooltips refuses (409), once: the API throws each as an
 * ApiError.
 */

/** A refused administrator's write: its HTTP status, error code and message. */
export interface AdminRefusal {
  status: 409;
  code: 'GATEWAY_NAME_TAKEN' | 'GATEWAY_IN_USE' | 'TOOLTIP_KEY_TAKEN';
  message: string;
}

/** A gateway's name is unique, whatever its case. */
export const gatewayNameTaken = (name: string): AdminRefusal => ({
  status: 409,
  code: 'GATEWAY_NAME_TAKEN',
  message: `A gateway named '${name}' exists already`,
});

/** domain.md: a gateway that organisations chose cannot be deleted; it is deactivated instead. */
export const gatewayInUse = (organisations: number): AdminRefusal => ({
  status: 409,
  code: 'GATEWAY_IN_USE',
  message: `${organisations === 1 ? 'An organisation uses' : `${organisations} organisations use`} this gateway; deactivate it instead`,
});

/** A tooltip's key is unique. */
export const tooltipKeyTaken = (key: string): AdminRefusal => ({
  status: 409,
  code: 'TOOLTIP_KEY_TAKEN',
  message: `A tooltip with the key '${key}' exists already`,
});
