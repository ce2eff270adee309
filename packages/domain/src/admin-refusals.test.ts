import { describe, expect, it } from 'vitest';
import { gatewayInUse, gatewayNameTaken, tooltipKeyTaken } from './admin-refusals.js';

describe('admin refusals', () => {
  it('name the gateway or key at fault', () => {
    expect(gatewayNameTaken('Axon')).toEqual({
      status: 409,
      code: 'GATEWAY_NAME_TAKEN',
      message: "A gateway named 'Axon' exists already",
    });
    expect(tooltipKeyTaken('vat').message).toBe("A tooltip with the key 'vat' exists already");
  });

  it('counts the organisations that use a gateway', () => {
    expect(gatewayInUse(1).message).toBe('An organisation uses this gateway; deactivate it instead');
    expect(gatewayInUse(3).message).toBe('3 organisations use this gateway; deactivate it instead');
  });
});
