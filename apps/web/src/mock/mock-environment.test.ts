import { expect, it } from 'vitest';
import { MOCK_ENVIRONMENT } from '../../vite.config';
import { loadEnvironment } from '../config/environment';

it('mock mode serves a complete, valid environment with mock on (vite.config.ts)', async () => {
  const environment = await loadEnvironment(async () => Response.json(MOCK_ENVIRONMENT));
  expect(environment).toEqual(MOCK_ENVIRONMENT);
  expect(environment.mock).toBe(true);
});
