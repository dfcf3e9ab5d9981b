import type { FuzzRequest } from './requests.ts';

/**
 * Requests the fuzzer found answering 5xx, English, or 2xx to input its schema refuses,
 * kept verbatim so each fix stays in place whatever the generators produce later.
 */
export const REGRESSIONS: { found: string; request: FuzzRequest }[] = [
  {
    found:
      'a validation failure answered 500: the route documents its 400 with `success`, which the error body lacks',
    request: {
      method: 'POST',
      url: '/seat/checkout',
      identity: 'customer',
      body: '{"eventId":"x"}',
      contentType: 'application/json',
      invalid: true,
      plausible: false,
    },
  },
  {
    found:
      "a path segment over the router's 100-character limit answered 414 in English, before any handler ran",
    request: {
      method: 'GET',
      url: `/support/${'a'.repeat(101)}`,
      identity: 'customer',
      invalid: false,
      plausible: false,
    },
  },
];
