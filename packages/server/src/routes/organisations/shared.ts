import { ErrorSchema } from '../../schemas/common.ts';

/** What every producer route may answer besides its success, its OpenAPI tag and its security. */
export const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
};
export const tags = ['organisations'];
export const security = [{ bearer: [] }];
